import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { isConnectionLoss } from './connection-loss.js';
import { createRequestRedis, REDIS_REQUEST_WAIT_MS } from './redis.js';
import { closeTestPorts, testPort } from './test-ports.js';

const clients: Redis[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) {
    client.disconnect();
  }
  await closeTestPorts();
});

async function failureOf(client: Redis) {
  const started = Date.now();
  const error = await client.incr('riyazi:test').then(
    () => null,
    (err: unknown) => err,
  );
  return { error, ms: Date.now() - started };
}

describe('createRequestRedis', () => {
  it.each([
    ['nothing listens', false],
    ['the server never answers', true],
  ])(
    'fails a command within REDIS_REQUEST_WAIT_MS when %s, with an error answered 503',
    async (_, silent) => {
      const client = createRequestRedis(`redis://127.0.0.1:${await testPort(silent)}`, 'riyazi-unit');
      clients.push(client);
      const { error, ms } = await failureOf(client);
      expect(error).toBeInstanceOf(Error);
      expect(isConnectionLoss(error)).toBe(true);
      expect(ms).toBeLessThan(REDIS_REQUEST_WAIT_MS + 500);
    },
  );

  it('makes long-lived duplicates for subscribers and blocking reads, as BullMQ needs', async () => {
    const client = createRequestRedis(`redis://127.0.0.1:${await testPort(false)}`, 'riyazi-unit');
    const reader = client.duplicate({ connectionName: 'riyazi-unit-reader' });
    clients.push(client, reader);
    expect(client.options).toMatchObject({ maxRetriesPerRequest: 1, commandTimeout: REDIS_REQUEST_WAIT_MS });
    expect(reader.options.maxRetriesPerRequest).toBeNull();
    expect(reader.options.commandTimeout).toBeUndefined();
    expect(reader.options.connectionName).toBe('riyazi-unit-reader');
  });
});
