import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';
import { testReplicaUrl } from './test-worker.js';

/**
 * A stand-in for a streaming replica that lags "forever": this worker's second database (made by
 * the global setup, dropped at the end), which has what the primary had only when a test says so.
 * A real standby is too heavy for the test run; the routing cannot tell the difference.
 */
export function openTestReplica(): Db {
  return createDb({ connectionString: testReplicaUrl(), max: 2, applicationName: 'riyazi-test-replica' });
}

/** Every application table of the public schema with the columns an INSERT may name. */
async function tablesOf(db: Db) {
  const { rows } = await sql<{ name: string; columns: string[] }>`
    SELECT c.table_name AS name, array_agg(quote_ident(c.column_name) ORDER BY c.ordinal_position) AS columns
    FROM information_schema.columns c
    JOIN pg_tables t ON t.tablename = c.table_name AND t.schemaname = c.table_schema
    WHERE c.table_schema = 'public' AND c.table_name NOT LIKE 'kysely_%' AND c.is_generated = 'NEVER'
    GROUP BY c.table_name
  `.execute(db);
  return rows;
}

/**
 * The replica catches up: its rows become the primary's, table by table (through JSON, so no
 * extension is needed). Triggers and foreign keys are off for the copy (session_replication_role),
 * as they are while a standby replays.
 */
export async function catchUpReplica(primary: Db, replica: Db): Promise<void> {
  const tables = await tablesOf(primary);
  const copies = await Promise.all(
    tables.map(async (table) => {
      // As text: the camel-case plugin would rename the keys of a JSON value.
      const { rows } = await sql<{ rows: string }>`
        SELECT coalesce(jsonb_agg(t), '[]'::jsonb)::text AS rows FROM ${sql.table(table.name)} t
      `.execute(primary);
      return { ...table, rows: rows[0]?.rows ?? '[]' };
    }),
  );
  await replica.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    try {
      await sql.raw(`TRUNCATE ${tables.map((t) => `"${t.name}"`).join(', ')}`).execute(conn);
      for (const table of copies) {
        const columns = sql.raw(table.columns.join(', '));
        await sql`
          INSERT INTO ${sql.table(table.name)} (${columns}) OVERRIDING SYSTEM VALUE
          SELECT ${columns} FROM jsonb_populate_recordset(null::${sql.table(table.name)}, ${table.rows}::jsonb)
        `.execute(conn);
      }
    } finally {
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    }
  });
}
