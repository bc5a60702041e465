import type { MessageKey } from '../../shared/i18n';

export interface ComingSoonPage {
  path: string;
  title: MessageKey;
  about: MessageKey;
}

/** Public pages whose features come in later issues. */
export const PUBLIC_COMING_SOON: ComingSoonPage[] = [];
