import { detailsFromBody, HttpError, messageFromBody } from './http-error';
import { createRefreshQueue } from './refresh-queue';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type QueryValue = string | number | boolean | null | undefined;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AuthOptions {
  getAccessToken: () => string | null;
  /** Path under the base, e.g. '/user/refresh'; answers { accessToken } and uses the httpOnly cookie. */
  refreshPath: string;
  onTokenRefreshed: (accessToken: string) => void;
  /** Clears this audience's identity once refreshing has failed for good. */
  onLogout: () => void;
  /** App-level reaction (toast, navigation), registered by the app, never done here. */
  onSessionExpired: () => void;
  maxRefreshAttempts?: number;
  refreshRetryDelayMs?: number;
}

export interface HttpClientOptions {
  /** Absolute or root-relative base, e.g. '/api'. */
  baseUrl: string;
  fetch?: FetchLike;
  auth?: AuthOptions;
  /** The language the api should answer messages in (Accept-Language); omitted: English. */
  language?: () => string;
}

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Send without the bearer token and never refresh (logins). */
  skipAuth?: boolean;
  /** Send this bearer token instead of the client's own (a session being restored); never refreshed. */
  token?: string;
  /** 'blob' resolves a successful response as a Blob (files); errors are still read as JSON. */
  responseType?: 'json' | 'blob';
  /** Extra request headers (the contest start's X-Device-Id); the client's own come after them. */
  headers?: Record<string, string>;
}

export interface HttpClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

export const MAX_REFRESH_ATTEMPTS = 3;

function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') {
      params.set(key, String(value));
    }
  }
  const search = params.toString();
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}${search === '' ? '' : `?${search}`}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) {
    return undefined;
  }
  const text = await response.text();
  if (text === '') {
    return undefined;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) {
    return text;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function readAccessToken(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'accessToken' in body) {
    const { accessToken } = body;
    if (typeof accessToken === 'string' && accessToken !== '') {
      return accessToken;
    }
  }
  throw new Error('Refresh response has no accessToken');
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const auth = options.auth;

  async function send(
    method: HttpMethod,
    url: string,
    token: string | null,
    request: RequestOptions,
  ): Promise<Response> {
    const headers: Record<string, string> = {
      ...request.headers,
      Accept: request.responseType === 'blob' ? '*/*' : 'application/json',
    };
    // A FormData body (file uploads) sets its own multipart boundary.
    const isForm = typeof FormData !== 'undefined' && request.body instanceof FormData;
    if (request.body !== undefined && !isForm) {
      headers['Content-Type'] = 'application/json';
    }
    if (token !== null) {
      headers.Authorization = `Bearer ${token}`;
    }
    if (options.language) {
      headers['Accept-Language'] = options.language();
    }
    try {
      return await doFetch(url, {
        method,
        headers,
        credentials: 'include',
        body:
          request.body === undefined
            ? undefined
            : isForm
              ? (request.body as FormData)
              : JSON.stringify(request.body),
        signal: request.signal,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') {
        throw error;
      }
      throw new HttpError(0, 'Network Error');
    }
  }

  const refreshQueue =
    auth === undefined
      ? null
      : createRefreshQueue({
          maxAttempts: auth.maxRefreshAttempts ?? MAX_REFRESH_ATTEMPTS,
          retryDelayMs: auth.refreshRetryDelayMs ?? 300,
          refresh: async () => {
            const response = await send('GET', buildUrl(options.baseUrl, auth.refreshPath), null, {});
            if (!response.ok) {
              throw new HttpError(response.status, response.statusText);
            }
            const accessToken = readAccessToken(await readBody(response));
            auth.onTokenRefreshed(accessToken);
            return accessToken;
          },
          onExhausted: () => {
            auth.onLogout();
            auth.onSessionExpired();
          },
        });

  async function request<T>(method: HttpMethod, path: string, request: RequestOptions = {}): Promise<T> {
    const url = buildUrl(options.baseUrl, path, request.query);
    const useAuth = auth !== undefined && request.skipAuth !== true;
    const token = request.token ?? (useAuth ? auth.getAccessToken() : null);
    let response = await send(method, url, token, request);

    if (
      response.status === 401 &&
      useAuth &&
      request.token === undefined &&
      token !== null &&
      refreshQueue !== null
    ) {
      const current = auth.getAccessToken();
      // Another request of the burst may already have refreshed: reuse its token.
      const fresh = current !== null && current !== token ? current : await refreshQueue.refreshToken();
      response = await send(method, url, fresh, request);
    }

    if (response.ok && request.responseType === 'blob') {
      return (await response.blob()) as T;
    }
    const body = await readBody(response);
    if (!response.ok) {
      throw new HttpError(response.status, response.statusText, messageFromBody(body), detailsFromBody(body));
    }
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request('GET', path, opts),
    post: (path, body, opts) => request('POST', path, { ...opts, body }),
    put: (path, body, opts) => request('PUT', path, { ...opts, body }),
    delete: (path, opts) => request('DELETE', path, opts),
  };
}
