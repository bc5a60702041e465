import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabaseWhenFree } from '../../test/databases.js';
import { createDb, type Db } from '../src/index.js';
import { migrationsDir } from '../src/migrate.js';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIGRATION = '202612071310_clean_names';
const ZWNJ = '\u200c';

const dbName = `riyazi_test_migration_${randomBytes(4).toString('hex')}`;
let db: Db;
let migrator: Migrator;
let before = '';

async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  db = createDb({ connectionString: url.toString(), max: 1 });
  migrator = new Migrator({
    db,
    provider: {
      async getMigrations() {
        const files = (await fs.readdir(migrationsDir))
          .filter((f) => /^\d{12}_[a-z0-9_]+\.ts$/.test(f))
          .sort();
        const migrations: Record<string, Migration> = {};
        for (const file of files) {
          migrations[file.replace(/\.ts$/, '')] = (await import(path.join(migrationsDir, file))) as Migration;
        }
        return migrations;
      },
    },
  });
  const names = (await migrator.getMigrations()).map((m) => m.name);
  before = names[names.indexOf(MIGRATION) - 1] ?? '';
  if (before === '') {
    throw new Error(`no migration before ${MIGRATION}`);
  }
  const { error } = await migrator.migrateTo(before);
  if (error) {
    throw error;
  }
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await dropDatabaseWhenFree(ADMIN_URL, dbName);
});

/** A student row as sign-up stored it before names were checked. */
async function legacyStudent(fullName: string, more: { father?: string; school?: string } = {}) {
  const { rows } = await sql<{ id: string; studentNo: string }>`
    INSERT INTO students (full_name, father_name, school_name, email, password_hash)
    VALUES (${fullName}, ${more.father ?? null}, ${more.school ?? null},
      ${`${randomBytes(4).toString('hex')}@example.com`}, 'x')
    RETURNING id, student_no`.execute(db);
  const row = rows[0];
  if (!row) {
    throw new Error('no student');
  }
  return { id: row.id, studentNo: Number(row.studentNo) };
}

const studentRow = async (id: string) =>
  (
    await sql<{ fullName: string; fatherName: string | null; schoolName: string | null }>`
      SELECT full_name, father_name, school_name FROM students WHERE id = ${id}`.execute(db)
  ).rows[0];

describe(MIGRATION, () => {
  it('cleans names, staff names and printed certificate names; blank ones get something sensible', async () => {
    const liar = await legacyStudent('\u202e1# :knaR', {
      father: 'Ali\u200b Raza',
      school: '\u2067City School\u2069',
    });
    const blank = await legacyStudent('\u200b\u200b\u200b', { father: '\u200f', school: '\u0301' });
    const urdu = await legacyStudent(`ثناء${ZWNJ}اللہ خان`, { father: `عبد${ZWNJ}الرحیم\u200e` });
    const plain = await legacyStudent('Fatima  Malik');

    const role = (
      await sql<{ id: string }>`INSERT INTO staff_roles (name) VALUES ('Helpers') RETURNING id`.execute(db)
    ).rows[0]?.id;
    await sql`
      INSERT INTO staff_users (email, username, password_hash, role_id) VALUES
        ('ayesha.khan@riyazi.pk', ${'\ufeffAyesha\u00ad Khan'}, 'x', ${role}),
        ('omar@riyazi.pk', ${'\u2066\u2069'}, 'x', ${role})`.execute(db);

    const grade = (
      await sql<{
        id: string;
      }>`INSERT INTO grades (title, sort_order) VALUES ('Grade 3', 3) RETURNING id`.execute(db)
    ).rows[0]?.id;
    const phase = (
      await sql<{ id: string }>`
        INSERT INTO phases (name, number, starts_at, ends_at) VALUES ('Phase 1', 1, now(), now() + interval '1 day')
        RETURNING id`.execute(db)
    ).rows[0]?.id;
    const certificate = async (studentId: string, code: string, printedName: string) =>
      sql`
        INSERT INTO certificates (code, student_id, phase_id, grade_id, kind, rank, printed_name, printed_grade,
          printed_phase, file_key_en, file_key_ur, emailed_at)
        VALUES (${code}, ${studentId}, ${phase}, ${grade}, 'PARTICIPANT', NULL, ${printedName}, 'Grade 3', 'Phase 1',
          ${`certificates/${code}-en.pdf`}, ${`certificates/${code}-ur.pdf`}, now())`.execute(db);
    await certificate(liar.id, 'AAAAAAAAAA', '\u202e1# :knaR');
    await certificate(blank.id, 'BBBBBBBBBB', '\u200b\u200b\u200b');
    await certificate(plain.id, 'CCCCCCCCCC', 'Fatima Malik');

    const up = await migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();

    expect(await studentRow(liar.id)).toEqual({
      fullName: '1# :knaR',
      fatherName: 'Ali Raza',
      schoolName: 'City School',
    });
    expect(await studentRow(blank.id)).toEqual({
      fullName: `Student ${blank.studentNo}`,
      fatherName: null,
      schoolName: null,
    });
    expect(await studentRow(urdu.id)).toEqual({
      fullName: `ثناء${ZWNJ}اللہ خان`,
      fatherName: `عبد${ZWNJ}الرحیم`,
      schoolName: null,
    });
    expect((await studentRow(plain.id))?.fullName).toBe('Fatima Malik');

    const staff = await sql<{ email: string; username: string }>`
      SELECT email, username FROM staff_users ORDER BY email`.execute(db);
    expect(staff.rows).toEqual([
      { email: 'ayesha.khan@riyazi.pk', username: 'Ayesha Khan' },
      { email: 'omar@riyazi.pk', username: 'omar' },
    ]);

    const certificates = await sql<{ code: string; printedName: string; fileKeyEn: string | null }>`
      SELECT code, printed_name, file_key_en FROM certificates ORDER BY code`.execute(db);
    expect(certificates.rows).toEqual([
      { code: 'AAAAAAAAAA', printedName: '1# :knaR', fileKeyEn: null },
      { code: 'BBBBBBBBBB', printedName: `Student ${blank.studentNo}`, fileKeyEn: null },
      { code: 'CCCCCCCCCC', printedName: 'Fatima Malik', fileKeyEn: 'certificates/CCCCCCCCCC-en.pdf' },
    ]);

    const down = await migrator.migrateTo(before);
    expect(down.error).toBeUndefined();
    expect((await studentRow(liar.id))?.fullName).toBe('1# :knaR');
  });
});
