import { randomUUID } from 'node:crypto';
import { beforeEach } from 'vitest';
import {
  bearer,
  deleteRedisKeys,
  formData,
  loginStaff,
  makeGrade,
  endPhaseContest,
  makePhase,
  makePlay,
  makeQuiz,
  makeStaff,
  makeStudent,
  type TestStudent,
  useTestContext,
} from '../../test/helpers.js';
import { announceCacheChanges, everything } from '../src/lib/node-caches.js';

// Shared by the winners-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true });

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await announceCacheChanges(t.db, everything('champions'));
});

export const newStudent = (
  gradeId: string,
  fullName = 'Fatima Malik',
  extra: { schoolName?: string; city?: string } = {},
) => makeStudent(t.db, { gradeId, fullName, schoolName: 'City School', city: 'Lahore', ...extra });

/** A finished contest play of the phase (only a student with one can be promoted). */
export async function finishedContestPlay(phaseId: string, gradeId: string, studentId: string) {
  const quiz = await makeQuiz(t.db, { gradeIds: [gradeId], phaseId, title: `Contest ${randomUUID()}` });
  return makePlay(t.db, { quizId: quiz.id, phaseId, gradeId, studentId, answers: [] });
}

/** A standing as the ranking worker writes it, from a finished contest play. */
export async function rank(phaseId: string, gradeId: string, studentId: string, position: number) {
  const play = await finishedContestPlay(phaseId, gradeId, studentId);
  await t.db
    .insertInto('phaseStandings')
    .values({
      phaseId,
      gradeId,
      studentId,
      playId: play.id,
      score: 15 - position,
      totalTimeMs: 60_000 + position,
      finishedAt: new Date(),
      rank: position,
    })
    .execute();
}

/** Two grades of five ranked students each, in phase 1. */
export async function rankedPhase() {
  const phase = await makePhase(t.db, 1);
  const grades = [await makeGrade(t.db, 3), await makeGrade(t.db, 4)];
  const students: Record<string, TestStudent[]> = {};
  const firstNames = ['Ali', 'Sara', 'Omar', 'Hina', 'Bilal'];
  for (const [g, grade] of grades.entries()) {
    students[grade.id] = [];
    for (let position = 1; position <= 5; position += 1) {
      const student = await newStudent(grade.id, `${firstNames[position - 1]} ${['Khan', 'Raza'][g]}`);
      await rank(phase.id, grade.id, student.id, position);
      students[grade.id]!.push(student);
    }
  }
  // Winners are chosen once the contest has ended; the champions board shows them once released.
  await endPhaseContest(t.db, phase.id);
  return { phaseId: phase.id, grades, students };
}

export async function superAdmin() {
  const staff = await makeStaff(t.db, { superAdmin: true });
  return { staff, token: (await loginStaff(t.app, staff)).accessToken };
}

export const post = (token: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

export const auto = (token: string, payload: object) =>
  post(token, '/api/phaseWinner/create/automatically', payload);

export const multipart = (fields: Record<string, string>) => formData(fields);

export const promoteForm = (token: string, fields: Record<string, string>) => {
  const form = multipart(fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/phaseWinner/create/manually',
    headers: { authorization: `Bearer ${token}`, ...form.headers },
    payload: form.payload,
  });
};

export const winnerCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('phaseWinners')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

export const auditActions = async (action: string) =>
  t.db.selectFrom('auditLog').select(['actorId', 'details']).where('action', '=', action).execute();

export const outboxCount = async (type: string) =>
  (await t.db.selectFrom('outboxEvents').select('id').where('type', '=', type).execute()).length;
