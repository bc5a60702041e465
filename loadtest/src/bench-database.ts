// The database the bench scripts share (students-list, students-export, students-bulk-upload,
// ranking-recompute): riyazi_bench next to ADMIN_DATABASE_URL's, created on first use, kept between
// runs so its data need not be seeded again.
import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';

const BENCH_DB = 'riyazi_bench';
const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const benchDatabaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  return url.toString();
})();

/** A pool of `max` connections on the bench database, created first if it is missing. */
export async function openBenchDatabase(max: number): Promise<Db> {
  const admin = createDb({ connectionString: adminUrl, max: 1 });
  try {
    const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${BENCH_DB}`.execute(admin);
    if (found.rows.length === 0) {
      await sql.raw(`CREATE DATABASE ${BENCH_DB}`).execute(admin);
      console.log(`created database ${BENCH_DB}`);
    }
  } finally {
    await admin.destroy();
  }
  return createDb({ connectionString: benchDatabaseUrl, max });
}
