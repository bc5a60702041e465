export interface ClientEnv {
  /** Origin of the api, '' for the page's own origin. */
  readonly apiBase: string;
  readonly chatWidgetUrl: string | null;
}

type RawEnv = Partial<Record<'VITE_API_BASE' | 'VITE_CHAT_WIDGET_URL', string | undefined>>;

function parseUrl(name: string, value: string): URL {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new Error('not http(s)');
    }
    return url;
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
}

export function parseEnv(raw: RawEnv): ClientEnv {
  const apiBase = raw.VITE_API_BASE?.trim() ?? '';
  const chatWidgetUrl = raw.VITE_CHAT_WIDGET_URL?.trim() ?? '';
  return Object.freeze({
    apiBase: apiBase === '' ? '' : parseUrl('VITE_API_BASE', apiBase).origin,
    chatWidgetUrl: chatWidgetUrl === '' ? null : parseUrl('VITE_CHAT_WIDGET_URL', chatWidgetUrl).href,
  });
}

export const env: ClientEnv = parseEnv(import.meta.env);
