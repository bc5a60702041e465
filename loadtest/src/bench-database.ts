// The databases the bench scripts use: riyazi_bench (students-list, students-export,
// students-bulk-upload, ranking-recompute) or one of a script's own, next to ADMIN_DATABASE_URL's,
// created on first use, kept between runs so their data need not be seeded again.
import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';

const BENCH_DB = 'riyazi_bench';
const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
export const benchDatabaseUrl = urlOf(BENCH_DB);

/** A pool of `max` connections on the bench database `name`, created first if it is missing. */
export async function openBenchDatabase(max: number, name = BENCH_DB): Promise<Db> {
  const admin = createDb({ connectionString: adminUrl, max: 1 });
  try {
    const found = await sql`SELECT 1 FROM pg_database WHERE datname = ${name}`.execute(admin);
    if (found.rows.length === 0) {
      await sql.raw(`CREATE DATABASE ${name}`).execute(admin);
      console.log(`created database ${name}`);
    }
  } finally {
    await admin.destroy();
  }
  return createDb({ connectionString: urlOf(name), max });
}

/** The FROM of `count` rows i (from 0), each with its grade g: number i mod `grades` by sort order. */
export const rowsOverGrades = (count: number, grades: number) => sql`FROM generate_series(0, ${count - 1}) i
  JOIN (SELECT id, row_number() OVER (ORDER BY sort_order) - 1 AS n FROM grades) g ON g.n = i % ${grades}`;

/** The students numbered from 0 by student number (CTE s: id, grade_id, n), to deal plays out to them. */
export const numberedStudents = sql`WITH s AS (
  SELECT id, grade_id, row_number() OVER (ORDER BY student_no) - 1 AS n FROM students
)`;
