import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, type FetchLike } from './http-client';
import {
  describeError,
  HttpError,
  NETWORK_ERROR_MESSAGE,
  SESSION_EXPIRED_MESSAGE,
  SessionExpiredError,
} from './http-error';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

interface Call {
  url: string;
  authorization: string | null;
}

function setup(options: { refreshSucceeds: boolean }) {
  let token: string | null = 'old-token';
  const calls: Call[] = [];
  const onLogout = vi.fn(() => {
    token = null;
  });
  const onSessionExpired = vi.fn();
  const fetch: FetchLike = async (url, init) => {
    const headers = new Headers(init.headers);
    calls.push({ url, authorization: headers.get('authorization') });
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (url.endsWith('/user/refresh')) {
      return options.refreshSucceeds
        ? json(200, { accessToken: 'new-token' })
        : json(401, { message: 'No session' });
    }
    return headers.get('authorization') === 'Bearer new-token'
      ? json(200, { url })
      : json(401, { message: 'Expired' });
  };
  const client = createHttpClient({
    baseUrl: '/api',
    fetch,
    auth: {
      getAccessToken: () => token,
      refreshPath: '/user/refresh',
      onTokenRefreshed: (next) => {
        token = next;
      },
      onLogout,
      onSessionExpired,
      refreshRetryDelayMs: 0,
    },
  });
  return { client, calls, onLogout, onSessionExpired, currentToken: () => token };
}

describe('the 401 refresh queue', () => {
  it('refreshes once for three concurrent 401s and retries each with the new token', async () => {
    const { client, calls, currentToken } = setup({ refreshSucceeds: true });

    const results = await Promise.all([client.get('/a'), client.get('/b'), client.get('/c')]);

    expect(results).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(calls.filter((c) => c.url === '/api/user/refresh')).toHaveLength(1);
    const retries = calls.filter(
      (c) => c.url !== '/api/user/refresh' && c.authorization === 'Bearer new-token',
    );
    expect(retries.map((c) => c.url).sort()).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(currentToken()).toBe('new-token');
  });

  it('logs out and reports the expired session once after three failed refresh attempts', async () => {
    const { client, calls, onLogout, onSessionExpired, currentToken } = setup({ refreshSucceeds: false });

    const outcomes = await Promise.allSettled([client.get('/a'), client.get('/b'), client.get('/c')]);

    expect(calls.filter((c) => c.url === '/api/user/refresh')).toHaveLength(3);
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(currentToken()).toBeNull();
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(SessionExpiredError);
        expect((outcome.reason as HttpError).message).toBe(SESSION_EXPIRED_MESSAGE);
      }
    }
  });

  it('sends the bearer token and cookies with every call', async () => {
    const seen: RequestInit[] = [];
    const client = createHttpClient({
      baseUrl: '/api',
      fetch: async (_url, init) => {
        seen.push(init);
        return json(200, {});
      },
      auth: {
        getAccessToken: () => 'abc',
        refreshPath: '/user/refresh',
        onTokenRefreshed: () => undefined,
        onLogout: () => undefined,
        onSessionExpired: () => undefined,
      },
    });
    await client.post('/x', { a: 1 });
    expect(seen[0]?.credentials).toBe('include');
    expect(new Headers(seen[0]?.headers).get('authorization')).toBe('Bearer abc');
    expect(seen[0]?.body).toBe('{"a":1}');
  });

  it('never refreshes for a call made without auth, such as a login', async () => {
    const { client, calls } = setup({ refreshSucceeds: true });
    await expect(client.post('/user/login', {}, { skipAuth: true })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.authorization).toBeNull();
  });
});

describe('errors', () => {
  const plain = (response: Response) => createHttpClient({ baseUrl: '/api', fetch: async () => response });

  it("carry the server's message, status and status text", async () => {
    const error = await plain(
      new Response(JSON.stringify({ message: 'Invalid email or password' }), {
        status: 401,
        statusText: 'Unauthorized',
        headers: { 'content-type': 'application/json' },
      }),
    )
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({
      status: 401,
      statusText: 'Unauthorized',
      message: 'Invalid email or password',
    });
  });

  it("fall back to 'An error occurred' without a server message", async () => {
    const error = await plain(new Response('<html>oops</html>', { status: 502 }))
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'An error occurred' });
  });

  it('carry the field problems and the code of the body', async () => {
    const error = await plain(
      json(400, { message: 'email: is required', errors: { email: 'is required', phone: 42 }, code: 'X' }),
    )
      .post('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, fieldErrors: { email: 'is required' }, code: 'X' });
  });

  it('carry the reCAPTCHA site key of a login refused until the box is ticked', async () => {
    const error = await plain(
      json(403, { message: 'Please tick the box', code: 'CAPTCHA_REQUIRED', recaptchaSiteKey: 'site-key' }),
    )
      .post('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, code: 'CAPTCHA_REQUIRED', recaptchaSiteKey: 'site-key' });
  });

  it('have no field problems and no code when the body has none', async () => {
    const error = await plain(json(401, { message: 'Invalid email or password' }))
      .post('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ fieldErrors: {}, code: null, recaptchaSiteKey: null });
  });

  it('are described as a connection problem when the server could not be reached', async () => {
    const client = createHttpClient({
      baseUrl: '/api',
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const error = await client.get('/x').catch((e: unknown) => e);
    expect(describeError(error)).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('file downloads', () => {
  const file = (response: Response) => createHttpClient({ baseUrl: '/api', fetch: async () => response });

  it('resolve a successful blob response as a Blob of the sent bytes', async () => {
    const blob = await file(
      new Response('%PDF-1.4', { headers: { 'content-type': 'application/pdf' } }),
    ).request<Blob>('GET', '/doc', { responseType: 'blob' });
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.4');
  });

  it("still reject with the server's message when the file is missing", async () => {
    const error = await file(json(404, { message: 'Document not found' }))
      .request<Blob>('GET', '/doc', { responseType: 'blob' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, message: 'Document not found' });
  });
});
