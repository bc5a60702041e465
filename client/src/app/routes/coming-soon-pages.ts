import { paths } from '../../config/paths';

export interface ComingSoonPage {
  path: string;
  title: string;
  about: string;
}

/** Public pages whose features come in later issues. */
export const PUBLIC_COMING_SOON: ComingSoonPage[] = [
  { path: paths.gallery, title: 'Photo gallery', about: 'Photos from Riyazi events.' },
];
