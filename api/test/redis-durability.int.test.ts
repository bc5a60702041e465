import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRedis } from '@riyazi/api/redis';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../test/helpers.js';
import { freePort } from '../../test/processes.js';
import { checkRedisDurability, readDurabilityFacts } from '../src/lib/redis-durability.js';

const started: { child: ChildProcess; dir: string }[] = [];

/** A Redis of its own on a free port, started with `args` (CI has redis-server: .ci/run starts one). */
async function ownRedis(args: string[]): Promise<Redis> {
  const dir = await mkdtemp(path.join(tmpdir(), 'riyazi-redis-'));
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, ...args],
    {
      stdio: 'ignore',
    },
  );
  started.push({ child, dir });
  const redis = new Redis({ port, host: '127.0.0.1', retryStrategy: (n) => (n > 100 ? null : 50) });
  // Refused until the server listens: ioredis retries, and the ping below fails if it never does.
  redis.on('error', () => {});
  await redis.ping();
  return redis;
}

afterAll(async () => {
  for (const { child, dir } of started) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
  }
});

const collect = () => {
  const lines: string[] = [];
  return { lines, log: { warn: (_obj: object, msg: string) => lines.push(msg) } };
};

describe('Redis durability check at start', () => {
  it('warns about the Redis here, which keeps nothing on disk', async () => {
    const redis = createRedis(testConfig().REDIS_URL, 'riyazi-test');
    try {
      const facts = await readDurabilityFacts(redis);
      expect(facts).toMatchObject({ aofEnabled: false, savePoints: '' });
      const { lines, log } = collect();
      await checkRedisDurability(redis, log);
      expect(lines).toContainEqual(expect.stringMatching(/keeps nothing on disk/));
    } finally {
      redis.disconnect();
    }
  });

  it('reads the policy from INFO and says what it could not check where CONFIG is disabled', async () => {
    const redis = await ownRedis([
      '--rename-command',
      'CONFIG',
      '',
      '--maxmemory-policy',
      'allkeys-lru',
      '--save',
      '',
      '--appendonly',
      'no',
    ]);
    try {
      const { lines, log } = collect();
      await checkRedisDurability(redis, log);
      expect(lines).toEqual([
        expect.stringMatching(/maxmemory-policy is allkeys-lru/),
        expect.stringMatching(/could not check Redis persistence/),
      ]);
    } finally {
      redis.disconnect();
    }
  });

  it('is quiet on a Redis run as docker-compose.yml runs it', async () => {
    const redis = await ownRedis([
      '--appendonly',
      'yes',
      '--appendfsync',
      'everysec',
      '--maxmemory-policy',
      'noeviction',
    ]);
    try {
      const { lines, log } = collect();
      expect(await checkRedisDurability(redis, log)).toEqual([]);
      expect(lines).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });
});
