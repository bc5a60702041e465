import { afterAll, beforeAll, beforeEach } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { openStudentSessions } from '../../loadtest/src/student-tokens.js';
import {
  bearer,
  resetDatabase,
  seededGradeId,
  seededPhaseId,
  seededQuizId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the play-quiz-batches-*.int.test.ts files: importing it registers their app and hooks.
// Students who start, fetch and answer at the same moment share one statement per step
// (lib/batcher.ts). These tests send many requests in the same instant and check that each student
// gets exactly what they would have got alone.

export const t = useTestContext();
export const CROWD = 40;

export let phaseId: string;
export let gradeId: string;
export let contestQuizId: string;
export let crowd: { id: string; token: string }[] = [];

export const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });

export interface Started {
  play: { _id: string; questions: { _id: string }[] };
  contestAttempts: number;
  resumed: boolean;
}

export const startAll = (students: { token: string }[]) =>
  Promise.all(
    students.map((s) => call(s.token, 'POST', '/api/play-quiz/', { quizId: contestQuizId, type: 'CONTEST' })),
  );

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  phaseId = await seededPhaseId(t.db);
  gradeId = await seededGradeId(t.db, 'Grade 3');
  contestQuizId = await seededQuizId(t.db, gradeId, 'CONTEST');
  const rows = await t.db
    .insertInto('students')
    .values(
      Array.from({ length: CROWD }, (_, i) => ({
        fullName: `Crowd Student ${i}`,
        fatherName: 'Crowd Father',
        email: `crowd-${i}@example.com`,
        passwordHash: 'x',
        phone: `0300${String(1_000_000 + i).slice(-7)}`,
        gender: 'OTHER' as const,
        city: 'Lahore',
        schoolName: 'Crowd School',
        gradeId,
        referralSource: 'Other',
        emailVerified: true,
      })),
    )
    .returning('id')
    .execute();
  const tokens = await openStudentSessions(
    t.db,
    t.config.JWT_SECRET,
    rows.map((row) => row.id),
  );
  crowd = rows.map((row, i) => ({ id: row.id, token: tokens[i] as string }));
});

beforeEach(async () => {
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('outboxEvents').execute();
  await t.db.updateTable('students').set({ contestAttempts: 2 }).execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phaseId,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
});

afterAll(async () => {
  await t.db.updateTable('students').set({ contestAttempts: 0 }).execute();
});
