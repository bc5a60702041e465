import { env } from '../../config/env';

/** An uploaded file is served by the api, which may live on another origin than the client. */
export function assetUrl(src: string, apiBase: string = env.apiBase): string {
  return src.startsWith('/uploads/') ? `${apiBase}${src}` : src;
}
