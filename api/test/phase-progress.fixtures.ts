import { randomBytes, randomUUID } from 'node:crypto';
import type { NotifyQualifiersPreview } from '@riyazi/api/contracts';
import { beforeAll, beforeEach } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  deleteRedisKeys,
  demoStudentToken,
  endPhaseContest,
  loginStaff,
  makeQuiz,
  makeStaff,
  resetDatabase,
  seededGradeId,
  seededPhaseId,
  seededStudentId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';
import { rebuildPhase } from '../src/modules/rankings/rankings.service.js';

// Shared by the phase-progress-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext();
export const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

export const phases: Record<1 | 2 | 3, string> = { 1: '', 2: '', 3: '' };
export let grade3: string;
export let grade5: string;
export let studentId: string;
export let studentToken: string;
export let adminToken: string;
export let phase2QuizId: string;
export let phase3QuizId: string;
export let phaseRows: {
  id: string;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
  startsAt: Date;
  endsAt: Date;
}[];

export const asStudent = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(studentToken),
    ...(payload ? { payload } : {}),
  });

export const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });

/** A standing as the ranking worker writes it. */
export async function rankIn(phaseId: string, grade: string, student: string, rank: number) {
  await t.db
    .insertInto('phaseStandings')
    .values({
      phaseId,
      gradeId: grade,
      studentId: student,
      playId: randomUUID(),
      score: 10,
      totalTimeMs: 90_000,
      finishedAt: new Date(),
      rank,
    })
    .execute();
}

/** Students who hold ranks but are not e-mailed (inactive): they fill a board up to a rank. */
export async function fillers(grade: string, count: number): Promise<string[]> {
  if (count === 0) {
    return [];
  }
  const tag = randomBytes(4).toString('hex');
  const rows = await t.db
    .insertInto('students')
    .values(
      Array.from({ length: count }, (_, i) => ({
        fullName: `Filler ${i}`,
        email: `filler-${tag}-${i}@example.com`,
        passwordHash: 'not-a-real-hash',
        gradeId: grade,
        isActive: false,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Finished contest plays that rank these students 1, 2, 3… in the phase and grade, in this order. */
export async function playInRankOrder(phaseId: string, grade: string, studentIds: string[]) {
  const finishedAt = new Date(Date.now() - 3_600_000);
  await t.db
    .insertInto('plays')
    .values(
      studentIds.map((id, i) => ({
        studentId: id,
        quizId: randomUUID(),
        phaseId,
        gradeId: grade,
        kind: 'CONTEST' as const,
        status: 'FINISHED' as const,
        questionCount: 15,
        score: 1000 - i,
        totalTimeMs: 90_000,
        startedAt: new Date(finishedAt.getTime() - 90_000),
        finishedAt,
      })),
    )
    .execute();
  await rebuildPhase(t.db, phaseId); // as the ranking worker does after the finishes
}

/** The phase's contest ended and its results released. */
export const closePhase = (number: 1 | 2 | 3) => endPhaseContest(t.db, phases[number]!);

export const notify = (phaseId: string) => asAdmin('POST', '/api/admin/phaseCutoff/notify/', { phaseId });
export const preview = async (phaseId: string) =>
  (await asAdmin('GET', `/api/admin/phaseCutoff/notify/?phaseId=${phaseId}`)).json<{
    data: NotifyQualifiersPreview;
  }>().data;
export const mailedTo = async () =>
  (await t.db.selectFrom('mailMessages').select('toEmail').execute()).map((m) => m.toEmail).sort();

export const startPhase2 = () =>
  asStudent('POST', '/api/play-quiz/', { quizId: phase2QuizId, type: 'CONTEST' });
export const startPhase3 = () =>
  asStudent('POST', '/api/play-quiz/', { quizId: phase3QuizId, type: 'CONTEST' });
export const saveCut = (phaseId: string, grade: string, topN: number) =>
  asAdmin('POST', '/api/admin/phaseCutoff/create/', { phaseId, gradeId: grade, topN });

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  for (const number of [1, 2, 3] as const) {
    phases[number] = await seededPhaseId(t.db, number);
  }
  grade3 = await seededGradeId(t.db, 'Grade 3');
  grade5 = await seededGradeId(t.db, 'Grade 5');
  studentId = await seededStudentId(t.db, STUDENT);
  phase2QuizId = (
    await makeQuiz(t.db, { gradeIds: [grade3], phaseId: phases[2], questionCount: 3, title: 'Semi-final' })
  ).id;
  phase3QuizId = (
    await makeQuiz(t.db, { gradeIds: [grade3], phaseId: phases[3], questionCount: 3, title: 'Final' })
  ).id;
  // The demo questions of phase 2 serve in the final too.
  await t.db
    .insertInto('questionPhases')
    .columns(['questionId', 'phaseId'])
    .expression((eb) =>
      eb
        .selectFrom('questionPhases')
        .select(['questionId', eb.val(phases[3]).as('phaseId')])
        .where('phaseId', '=', phases[2]),
    )
    .execute();
  phaseRows = await t.db.selectFrom('phases').select(['id', 'status', 'startsAt', 'endsAt']).execute();
  studentToken = await demoStudentToken(t.app, STUDENT);
  const admin = await makeStaff(t.db, {
    permissions: [
      ['phase', 'read'],
      ['phase', 'update'],
    ],
  });
  adminToken = (await loginStaff(t.app, admin)).accessToken;
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('phaseStandings').execute();
  await t.db.deleteFrom('phaseCutoffs').execute();
  await t.db.deleteFrom('phaseQualifications').execute();
  await t.db.deleteFrom('mailMessages').execute();
  // Phase 1 as seeded (open); phases 2 and 3 open too, so the tests reach the qualification gate.
  const anHourAgo = new Date(Date.now() - 3_600_000);
  for (const row of phaseRows) {
    const later = row.id !== phases[1];
    await t.db
      .updateTable('phases')
      .set({
        status: later ? 'ACTIVE' : row.status,
        startsAt: later ? anHourAgo : row.startsAt,
        endsAt: row.endsAt,
        closedAt: null,
        resultsReleaseAt: null,
      })
      .where('id', '=', row.id)
      .execute();
  }
  await t.db.updateTable('students').set({ contestAttempts: 2 }).where('id', '=', studentId).execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phases[2],
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  await announceCacheChanges(t.db, everything('qualificationGates'));
});
