import type { Leaderboard } from '@riyazi/api/contracts';
import { beforeAll, expect } from 'vitest';
import {
  bearer,
  deleteRedisKeys,
  loginStaff,
  makeGrade,
  makePhase,
  makeQuiz,
  makeStaff,
  makeStudent,
  resetDatabase,
  signedInStaff,
  studentSessionToken,
  type TestStudent,
  useTestContext,
} from '../../test/helpers.js';
import { rebuildPhase } from '../src/modules/rankings/rankings.service.js';

// Shared by the rankings-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext();

export const T0 = Date.parse('2026-11-25T09:00:00Z');
export const at = (seconds: number) => new Date(T0 + seconds * 1000);

export let phaseId: string;
export let phase2Id: string;
export let gradeId: string;
export let otherGradeId: string;
export let quizId: string;
export let admin: string;
export let reader: string;
export let nobody: string;
export const students: Record<string, TestStudent> = {};

export interface PlayFields {
  score: number;
  timeMs: number;
  finishedAt: Date;
  kind?: 'CONTEST' | 'PRACTICE';
  status?: 'FINISHED' | 'IN_PROGRESS' | 'CANCELLED';
  phase?: string;
  grade?: string;
}

export async function play(student: string, p: PlayFields) {
  const status = p.status ?? 'FINISHED';
  const row = await t.db
    .insertInto('plays')
    .values({
      studentId: students[student]!.id,
      quizId,
      phaseId: p.phase ?? phaseId,
      gradeId: p.grade ?? gradeId,
      kind: p.kind ?? 'CONTEST',
      status,
      questionCount: 15,
      score: p.score,
      totalTimeMs: p.timeMs,
      startedAt: new Date(p.finishedAt.getTime() - p.timeMs),
      finishedAt: status === 'FINISHED' ? p.finishedAt : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
export const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
export const board = async (query: string) => {
  const res = await get(`/api/leaderboard?phaseId=${phaseId}&gradeId=${gradeId}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Leaderboard>();
};
export const studentToken = (name: string) => studentSessionToken(t, students[name]!.id);
export const storedStandings = () =>
  t.db
    .selectFrom('phaseStandings')
    .select(['phaseId', 'gradeId', 'studentId', 'playId', 'score', 'totalTimeMs', 'finishedAt', 'rank'])
    .orderBy('phaseId')
    .orderBy('gradeId')
    .orderBy('studentId')
    .execute();

/*
 * The hand-computed table (score desc, then that play's total time asc, then its finish asc):
 *   Bilal  12 / 350 s / +30 s   rank 1
 *   Eman   12 / 350 s / +30 s   rank 1 (the same play figures as Bilal: a tie)
 *   Chanda 12 / 400 s / +5 s    rank 3 (same score and time as Ali, finished first)
 *   Ali    12 / 400 s / +20 s   rank 4 (his better of two plays)
 *   Dua     9 /  90 s / +50 s   rank 5 (of two 9s, the faster one)
 *   Faraz   5 / 100 s / +2 s    rank 6 (his practice 15, open 14 and cancelled 13 do not count)
 */
export async function seedTable() {
  await play('Ali Raza', { score: 10, timeMs: 300_000, finishedAt: at(10) });
  await play('Ali Raza', { score: 12, timeMs: 400_000, finishedAt: at(20) });
  await play('Bilal Khan', { score: 12, timeMs: 350_000, finishedAt: at(30) });
  await play('Chanda Iqbal', { score: 12, timeMs: 400_000, finishedAt: at(5) });
  await play('Dua Malik', { score: 9, timeMs: 100_000, finishedAt: at(1) });
  await play('Dua Malik', { score: 9, timeMs: 90_000, finishedAt: at(50) });
  await play('Eman Shah', { score: 12, timeMs: 350_000, finishedAt: at(30) });
  await play('Faraz Ahmed', { score: 5, timeMs: 100_000, finishedAt: at(2) });
  await play('Faraz Ahmed', { score: 15, timeMs: 1_000, finishedAt: at(3), kind: 'PRACTICE' });
  await play('Faraz Ahmed', { score: 14, timeMs: 1_000, finishedAt: at(4), status: 'IN_PROGRESS' });
  await play('Faraz Ahmed', { score: 13, timeMs: 1_000, finishedAt: at(6), status: 'CANCELLED' });
  // Elsewhere: another grade of the phase, and another phase.
  await play('Gul Other', { score: 14, timeMs: 1_000, finishedAt: at(7), grade: otherGradeId });
  await play('Bilal Khan', { score: 15, timeMs: 1_000, finishedAt: at(8), phase: phase2Id });
}

export const EXPECTED = [
  { name: 'Bilal K.', rank: 1, score: 12, timeMs: 350_000 },
  { name: 'Eman S.', rank: 1, score: 12, timeMs: 350_000 },
  { name: 'Chanda I.', rank: 3, score: 12, timeMs: 400_000 },
  { name: 'Ali R.', rank: 4, score: 12, timeMs: 400_000 },
  { name: 'Dua M.', rank: 5, score: 9, timeMs: 90_000 },
  { name: 'Faraz A.', rank: 6, score: 5, timeMs: 100_000 },
];

export async function resetPlays() {
  await t.db.deleteFrom('outboxEvents').execute();
  await t.db.deleteFrom('boardFreezes').execute();
  await t.db.deleteFrom('phaseStandings').execute();
  await t.db.deleteFrom('phaseRankings').execute();
  await t.db.deleteFrom('plays').execute();
  await t.db.deleteFrom('publicDisplaySettings').execute();
  await seedTable();
  await rebuildPhase(t.db, phaseId);
  await rebuildPhase(t.db, phase2Id);
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  phaseId = (await makePhase(t.db, 1)).id;
  phase2Id = (await makePhase(t.db, 2)).id;
  gradeId = (await makeGrade(t.db, 5)).id;
  otherGradeId = (await makeGrade(t.db, 6)).id;
  quizId = (await makeQuiz(t.db, { gradeIds: [gradeId, otherGradeId], phaseId })).id;
  // Created in this order so student numbers follow the names (ties are listed by student number).
  for (const name of ['Ali Raza', 'Bilal Khan', 'Chanda Iqbal', 'Dua Malik', 'Eman Shah', 'Faraz Ahmed']) {
    students[name] = await makeStudent(t.db, {
      fullName: name,
      gradeId,
      schoolName: `${name.split(' ')[0]} School`,
      city: 'Lahore',
    });
  }
  students['Gul Other'] = await makeStudent(t.db, {
    fullName: 'Gul Other',
    gradeId: otherGradeId,
    schoolName: 'City School',
    city: 'Lahore',
  });
  students['Hina NoPlay'] = await makeStudent(t.db, {
    fullName: 'Hina NoPlay',
    gradeId: gradeId,
    schoolName: 'City School',
    city: 'Lahore',
  });
  admin = (await signedInStaff(t, { superAdmin: true })).token;
  reader = (
    await loginStaff(t.app, await makeStaff(t.db, { permissions: [['systemConfigurations', 'read']] }))
  ).accessToken;
  nobody = (await signedInStaff(t, {})).token;
});
