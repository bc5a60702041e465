import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rebuildPhase } from '@riyazi/api/rankings';
import { createDb, type Db } from '@riyazi/db';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { dropDatabaseWhenFree } from '../../test/databases.js';
import {
  createTestContext,
  makePlay,
  resetDatabase,
  type TestContext,
  useTestContext,
} from '../../test/helpers.js';
import { testDatabaseUrl, testRedisPrefix } from '../../test/test-worker.js';

// The restore drill: back up a database with plays (scripts/backup.sh), restore the dump into a
// fresh database (pg_restore), run the product on it, rebuild the rankings from the plays
// (npm run rank:rebuild) and find the boards exactly as they were before the backup.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const t = useTestContext();
const PLAYS = 30;
let backupDir: string;
let phaseId: string;
let gradeIds: string[] = [];

const backup = (env: Record<string, string>) =>
  spawnSync('bash', ['scripts/backup.sh'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: testDatabaseUrl(), BACKUP_DIR: backupDir, ...env },
    encoding: 'utf8',
  });

const standings = (db: Db) =>
  db
    .selectFrom('phaseStandings')
    .select(['phaseId', 'gradeId', 'studentId', 'playId', 'rank', 'score', 'totalTimeMs'])
    .orderBy('gradeId')
    .orderBy('rank')
    .orderBy('studentId')
    .execute();

/** The public boards of every grade with plays, as a visitor gets them (without their timestamps). */
async function boards(app: TestContext['app']) {
  const pages = [];
  for (const gradeId of gradeIds) {
    const res = await app.inject({ url: `/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}&limit=100` });
    expect(res.statusCode).toBe(200);
    const { updatedAt: _, asOf: __, ...board } = res.json<{ updatedAt: string | null; asOf: string }>();
    pages.push(board);
  }
  return pages;
}

beforeAll(async () => {
  backupDir = await mkdtemp(path.join(tmpdir(), 'riyazi-backup-'));
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  phaseId = (await t.db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow())
    .id;
  const quizzes = await t.db
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .select(['quizzes.id', 'quizGrades.gradeId'])
    .where('quizzes.kind', '=', 'CONTEST')
    .where('quizzes.phaseId', '=', phaseId)
    .limit(3)
    .execute();
  gradeIds = quizzes.map((q) => q.gradeId);
  // Plays over three grades, with ties on score (decided by time) and a second play of some students.
  for (let i = 0; i < PLAYS; i += 1) {
    const quiz = quizzes[i % quizzes.length]!;
    const questions = await t.db
      .selectFrom('questions')
      .select('id')
      .where('gradeId', '=', quiz.gradeId)
      .orderBy('questionNo')
      .limit(3)
      .execute();
    await makePlay(t.db, {
      quizId: quiz.id,
      phaseId,
      gradeId: quiz.gradeId,
      score: (i * 7) % 5,
      finishedAt: new Date(Date.now() - (i + 1) * 60_000),
      answers: questions.map((q, k) => ({
        questionId: q.id,
        isCorrect: (i + k) % 2 === 0,
        timeTakenMs: 1000 * (i + k + 1),
      })),
    });
  }
  await rebuildPhase(t.db, phaseId);
}, 120_000);

afterAll(async () => {
  await rm(backupDir, { recursive: true, force: true });
});

describe('backups', () => {
  it('writes timestamped custom-format dumps, keeps the newest BACKUP_KEEP, fails loudly without leaving a file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'riyazi-backup-keep-'));
    try {
      for (let i = 0; i < 3; i += 1) {
        const run = backup({ BACKUP_DIR: dir, BACKUP_KEEP: '2' });
        expect(run.status, run.stderr).toBe(0);
      }
      const kept = (await readdir(dir)).sort();
      expect(kept).toHaveLength(2);
      for (const name of kept) {
        expect(name).toMatch(/^riyazi-\d{8}T\d{9}Z\.dump$/);
      }
      const broken = backup({ BACKUP_DIR: dir, DATABASE_URL: `${testDatabaseUrl()}_missing` });
      expect(broken.status).not.toBe(0);
      expect(broken.stderr).toMatch(/pg_dump failed/);
      expect((await readdir(dir)).sort()).toEqual(kept);
      const badKeep = backup({ BACKUP_DIR: dir, BACKUP_KEEP: '0' });
      expect(badKeep.status).not.toBe(0);
      expect(badKeep.stderr).toMatch(/BACKUP_KEEP/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('restore drill: a dump restored into a fresh database serves the same rankings, rebuilt from its plays', async () => {
    const before = await standings(t.db);
    expect(before.length).toBeGreaterThanOrEqual(gradeIds.length);
    const boardsBefore = await boards(t.app);

    const run = backup({ BACKUP_KEEP: '3' });
    expect(run.status, run.stderr).toBe(0);
    const [dump] = await readdir(backupDir);
    expect(dump).toBeDefined();

    const restoredName = `riyazi_restore_${randomBytes(4).toString('hex')}`;
    const restoredUrl = new URL(testDatabaseUrl());
    restoredUrl.pathname = `/${restoredName}`;
    await sql.raw(`CREATE DATABASE ${restoredName}`).execute(t.db);
    let restored: TestContext | undefined;
    try {
      const restore = spawnSync(
        'pg_restore',
        ['--no-owner', '--exit-on-error', `--dbname=${restoredUrl}`, path.join(backupDir, dump!)],
        { encoding: 'utf8' },
      );
      expect(restore.status, restore.stderr).toBe(0);

      // The boards are derived data: throw them away and rebuild them from the restored plays.
      const direct = createDb({ connectionString: restoredUrl.toString(), max: 1 });
      await sql`TRUNCATE phase_standings`.execute(direct);
      await direct.destroy();
      const rebuild = spawnSync(process.execPath, ['--import', 'tsx', 'workers/src/rank-rebuild.ts'], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: restoredUrl.toString(), REDIS_PREFIX: testRedisPrefix() },
        encoding: 'utf8',
      });
      expect(rebuild.status, rebuild.stderr).toBe(0);
      expect(rebuild.stdout).toMatch(/ranked/);

      restored = await createTestContext({ DATABASE_URL: restoredUrl.toString() });
      const ready = await restored.app.inject({ url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(await standings(restored.db)).toEqual(before);
      expect(await boards(restored.app)).toEqual(boardsBefore);
    } finally {
      await restored?.close();
      await dropDatabaseWhenFree(testDatabaseUrl(), restoredName);
    }
  }, 120_000);
});
