import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '@riyazi/api/config';
import { createRedis, createRequestRedis, redisTargetOf } from '@riyazi/api/redis';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes.js';

// A master, its replica and one Sentinel (quorum 1) of their own on free ports: redis-server is
// what the test machine runs already, and `redis-server <file> --sentinel` is redis-sentinel.
const started: ChildProcess[] = [];
let dir: string;
const ports = { master: 0, replica: 0, sentinel: 0 };
const MASTER = 'riyazi-test';

function run(args: string[]): ChildProcess {
  const child = spawn('redis-server', args, { stdio: 'ignore' });
  started.push(child);
  return child;
}

/** A plain client of one server; retries while it is not listening yet. */
function plain(port: number): Redis {
  const client = new Redis({ port, host: '127.0.0.1', retryStrategy: (n) => (n > 100 ? null : 50) });
  client.on('error', () => {});
  return client;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 15_000) {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    if (await check().catch(() => false)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs} ms`);
}

const portOf = async (client: Redis) => Number(((await client.config('GET', 'port')) as string[])[1]);

let master: ChildProcess;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'riyazi-sentinel-'));
  ports.master = await freePort();
  ports.replica = await freePort();
  ports.sentinel = await freePort();
  const server = (port: number, extra: string[] = []) => [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--dbfilename',
    `dump-${port}.rdb`,
    ...extra,
  ];
  master = run(server(ports.master));
  run(server(ports.replica, ['--replicaof', '127.0.0.1', String(ports.master)]));
  const replica = plain(ports.replica);
  await until('the replica in sync', async () =>
    (await replica.info('replication')).includes('master_link_status:up'),
  );
  replica.disconnect();
  const conf = path.join(dir, 'sentinel.conf');
  await writeFile(
    conf,
    [
      `port ${ports.sentinel}`,
      'bind 127.0.0.1',
      `dir ${dir}`,
      `sentinel monitor ${MASTER} 127.0.0.1 ${ports.master} 1`,
      `sentinel down-after-milliseconds ${MASTER} 1000`,
      `sentinel failover-timeout ${MASTER} 5000`,
      '',
    ].join('\n'),
  );
  run([conf, '--sentinel']);
  const sentinel = plain(ports.sentinel);
  await until('the Sentinel seeing the replica', async () => {
    const replicas = (await sentinel.call('SENTINEL', 'REPLICAS', MASTER)) as unknown[];
    return replicas.length === 1;
  });
  sentinel.disconnect();
}, 30_000);

afterAll(async () => {
  for (const child of started) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
  }
  await rm(dir, { recursive: true, force: true });
});

describe('Redis through Sentinel (REDIS_SENTINELS, REDIS_SENTINEL_NAME)', () => {
  it('connects every client and its duplicates to the master the Sentinel names, and follows a failover', async () => {
    const config = loadConfig({
      REDIS_URL: 'redis://ignored.invalid:1/0',
      REDIS_SENTINELS: `127.0.0.1:${ports.sentinel}`,
      REDIS_SENTINEL_NAME: MASTER,
    });
    const workers = createRedis(redisTargetOf(config), 'riyazi-test-workers');
    const api = createRequestRedis(redisTargetOf(config), 'riyazi-test-api');
    // What BullMQ and the pub/sub subscribers do: duplicate the connection.
    const blocking = workers.duplicate();
    const subscriber = api.duplicate({ connectionName: 'riyazi-test-sub' });
    const clients = [workers, api, blocking, subscriber];
    for (const client of clients) {
      client.on('error', () => {});
    }
    try {
      for (const client of clients) {
        expect(client.options.sentinels).toEqual([{ host: '127.0.0.1', port: ports.sentinel }]);
        expect(client.options.name).toBe(MASTER);
        expect(await portOf(client)).toBe(ports.master);
      }
      expect(blocking.options.maxRetriesPerRequest).toBeNull();
      expect(subscriber.options.maxRetriesPerRequest).toBeNull();
      await api.set('riyazi-test:before', 'kept');

      // The master dies: the Sentinel promotes the replica, and the clients reconnect to it.
      master.kill('SIGKILL');
      await until(
        'the workers client writing to the promoted replica',
        async () => {
          await workers.set('riyazi-test:after', 'written');
          return (await portOf(workers)) === ports.replica;
        },
        20_000,
      );
      await until(
        'the api client on the promoted replica',
        async () => (await portOf(api)) === ports.replica,
      );
      expect(await api.get('riyazi-test:before')).toBe('kept');
      expect(await api.get('riyazi-test:after')).toBe('written');
      expect(await portOf(blocking)).toBe(ports.replica);
    } finally {
      for (const client of clients) {
        client.disconnect();
      }
    }
  }, 40_000);
});
