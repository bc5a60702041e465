import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-worker.js';
import { createDb, type Db, prepared } from '../src/index.js';

let db: Db;

beforeAll(() => {
  db = createDb({ connectionString: testDatabaseUrl(), max: 1 });
});
afterAll(async () => {
  await db.destroy();
});

const preparedOnConnection = async () =>
  (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map(
    (r) => r.statement,
  );

describe('prepared statements', () => {
  it('prepares a marked statement once per connection and leaves unmarked ones alone', async () => {
    for (const n of [1, 2, 3]) {
      const raw = await sql<{ n: number }>`${prepared} SELECT ${n}::int AS n`.execute(db);
      expect(raw.rows).toEqual([{ n }]);
    }
    const built = await db
      .selectFrom('grades')
      .select('id')
      .where('title', '=', 'nobody')
      .modifyFront(prepared)
      .execute();
    expect(built).toEqual([]);
    await sql`SELECT 'not prepared' AS unmarked`.execute(db);
    const statements = await preparedOnConnection();
    // One pool connection: the raw statement ran three times but was prepared once.
    expect(statements.filter((s) => s.includes('::int AS n'))).toHaveLength(1);
    expect(statements.filter((s) => s.includes('"grades"'))).toHaveLength(1);
    expect(statements.some((s) => s.includes('unmarked'))).toBe(false);
  });

  it('prepares nothing when preparedStatements is false (PgBouncer in transaction mode)', async () => {
    const unprepared = createDb({ connectionString: testDatabaseUrl(), max: 1, preparedStatements: false });
    try {
      const raw = await sql<{ n: number }>`${prepared} SELECT ${7}::int AS m`.execute(unprepared);
      expect(raw.rows).toEqual([{ m: 7 }]);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(unprepared);
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await unprepared.destroy();
    }
  });
});
