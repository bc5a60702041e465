import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createTestContext, resetDatabase, type TestContext } from './context.js';
import { deleteRedisKeys } from './helpers-redis.js';

export interface FakeRecaptcha {
  url: string;
  requests: URLSearchParams[];
  close(): Promise<void>;
}

/** Answers like Google's siteverify: form-encoded secret + response in, { success, … } JSON out. */
export async function startFakeRecaptcha(secret: string, goodToken: string): Promise<FakeRecaptcha> {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      const params = new URLSearchParams(body);
      requests.push(params);
      const ok =
        req.method === 'POST' && params.get('secret') === secret && params.get('response') === goodToken;
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok
            ? { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' }
            : {
                success: false,
                'error-codes': [
                  params.get('secret') === secret ? 'invalid-input-response' : 'invalid-input-secret',
                ],
              },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A test file's app checking reCAPTCHA against a fake one (secret 'test-secret', good token
 * 'good-token'), both started before its tests and closed after; each test starts with empty tables
 * and rate limits. `env` adds to the app's settings.
 */
export function useRecaptchaTestContext(env: Record<string, string> = {}): {
  t: TestContext;
  recaptcha: FakeRecaptcha;
} {
  const t = {} as TestContext;
  const recaptcha = {} as FakeRecaptcha;
  beforeAll(async () => {
    Object.assign(recaptcha, await startFakeRecaptcha('test-secret', 'good-token'));
    Object.assign(
      t,
      await createTestContext({
        RECAPTCHA_SECRET: 'test-secret',
        RECAPTCHA_VERIFY_URL: recaptcha.url,
        ...env,
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await recaptcha.close();
  });
  beforeEach(async () => {
    await resetDatabase(t.db);
    await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  });
  return { t, recaptcha };
}
