// What a load script creates for itself and removes afterwards: a database and a Redis prefix
// (and the free port it starts a server on).
import { type AddressInfo, createServer } from 'node:net';
import { createDb } from '@riyazi/db';
import { Redis } from 'ioredis';
import { sql } from 'kysely';

/** CREATE or DROP DATABASE, which run outside a transaction on the admin database. */
export async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const admin = createDb({ connectionString: adminUrl, max: 1 });
  try {
    await sql.raw(statement).execute(admin);
  } finally {
    await admin.destroy();
  }
}

/** Deletes every key under `prefix:`. */
export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    for (let cursor = '0'; ; ) {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) {
        await redis.del(...keys);
      }
      cursor = next;
      if (cursor === '0') {
        break;
      }
    }
  } finally {
    redis.disconnect();
  }
}

/** A TCP port nothing listens on right now (the kernel's pick), for a server the script starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
