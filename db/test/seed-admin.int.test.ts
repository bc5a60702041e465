import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabaseWhenFree } from '../../test/databases.js';
import { createTestContext, resetDatabase, type TestContext } from '../../test/helpers.js';
import { testDatabaseUrl } from '../../test/test-worker.js';
import { createDb } from '../src/connection.js';
import { seedSuperAdmin } from '../src/seed/index.js';

// SEED_DEMO=false (production's default): an empty database gets its first Super Admin and nothing
// else, no demo students with a published password.

let t: TestContext;
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

beforeAll(async () => {
  t = await createTestContext();
  await resetDatabase(t.db);
});
afterAll(async () => {
  await resetDatabase(t.db);
  await t.close();
});

const count = async (table: 'students' | 'grades' | 'quizzes' | 'staffUsers') =>
  (await t.db.selectFrom(table).select('id').execute()).length;

describe('seeding without the demo', () => {
  it('creates only the Super Admin on an empty database, who can sign in; a second run adds nothing', async () => {
    const result = await seedSuperAdmin(t.db, { adminEmail: 'owner@riyazi.test' });
    expect(result.seeded).toBe(true);
    expect(result.generatedAdminPassword?.length).toBeGreaterThanOrEqual(16);
    expect({
      students: await count('students'),
      grades: await count('grades'),
      quizzes: await count('quizzes'),
      staffUsers: await count('staffUsers'),
    }).toEqual({ students: 0, grades: 0, quizzes: 0, staffUsers: 1 });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'owner@riyazi.test', password: result.generatedAdminPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isSuperAdmin: true });

    expect((await seedSuperAdmin(t.db, { adminEmail: 'other@riyazi.test' })).seeded).toBe(false);
    expect(await count('staffUsers')).toBe(1);
  });

  it('refuses a short SEED_ADMIN_PASSWORD', async () => {
    await expect(seedSuperAdmin(t.db, { adminPassword: 'short' })).rejects.toThrow(/at least 10/);
  });

  it("production's database preparation, given empty SEED_* variables as compose passes them, migrates and adds no demo data", async () => {
    const url = new URL(testDatabaseUrl());
    const name = `${url.pathname.slice(1)}_nodemo`;
    const fresh = new URL(url);
    fresh.pathname = `/${name}`;
    await dropDatabaseWhenFree(url.toString(), name);
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const db = createDb({ connectionString: fresh.toString(), max: 1 });
    try {
      const { stdout } = await run('npx', ['tsx', 'scripts/prepare-db.ts'], {
        cwd: root,
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: fresh.toString(),
          JWT_SECRET: 'j'.repeat(40),
          ENCRYPTION_KEY: 'e'.repeat(64),
          SEED_ADMIN_EMAIL: '',
          SEED_ADMIN_PASSWORD: '',
          SEED_DEMO: '',
        },
      });
      expect(stdout).toContain('No demo data (SEED_DEMO=false)');
      expect(stdout).not.toContain('Practice2026!');
      expect(await db.selectFrom('students').select('id').execute()).toHaveLength(0);
      expect(await db.selectFrom('staffUsers').select('email').execute()).toEqual([
        { email: 'admin@riyazi.local' },
      ]);
    } finally {
      await db.destroy();
      await dropDatabaseWhenFree(url.toString(), name);
    }
  }, 120_000);
});
