import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Drops a database a test made for itself, once nothing is connected to it. A pool that was just
 * closed may still have connections saying goodbye; a FORCE drop would end them with a FATAL error
 * their closed pool no longer listens for, which vitest reports as an uncaught exception (and a
 * failed run). So it waits up to 5 s for them to go; FORCE stays the last resort.
 * `via` is a connection string to any other database of the same server.
 */
export async function dropDatabaseWhenFree(via: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: via });
  await client.connect();
  try {
    for (let i = 0; i < 50; i += 1) {
      const { rows } = await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
        [name],
      );
      if (rows[0]?.n === 0) {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Empties every application table (the migration bookkeeping stays). Free of vitest, so scripts
 * (loadtest/src/integrity-margin.ts) use it too.
 */
export async function resetDatabase(db: Db): Promise<void> {
  const { rows } = await sql<{ name: string }>`
    SELECT quote_ident(tablename) AS name FROM pg_tables
    WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely_%'
  `.execute(db);
  const truncate = sql.raw(`TRUNCATE ${rows.map((r) => r.name).join(', ')} CASCADE`);
  // Workers a test started may be mid-statement: PostgreSQL can pick the TRUNCATE as a deadlock
  // victim (it locks every table), and the next try finds them done.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await truncate.execute(db);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '40P01' || attempt === 5) {
        throw err;
      }
    }
  }
}
