import { runCertificates } from '@riyazi/api/certificates';
import { createStorage } from '@riyazi/api/storage';
import { beforeEach } from 'vitest';
import {
  deleteRedisKeys,
  endPhaseContest,
  makeGrade,
  makePhase,
  makePlay,
  makeQuiz,
  makeStudent,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

// Shared by the certificates-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true });
export const storage = () => createStorage(t.config);

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
});

/**
 * Phase 1 of one grade: a winner (rank 1), a qualifier told so (rank 2), a participant, a student
 * whose only play was disqualified, one with only a practice play and one with an unfinished play.
 */
export async function seededPhase() {
  const phase = await makePhase(t.db, 1);
  const next = await makePhase(t.db, 2);
  const grade = await makeGrade(t.db, 3);
  const quiz = await makeQuiz(t.db, { gradeIds: [grade.id], phaseId: phase.id });
  const student = (fullName: string) =>
    makeStudent(t.db, { gradeId: grade.id, fullName, schoolName: 'City School', phone: '03001234567' });
  const play = (studentId: string, extra: { kind?: 'PRACTICE'; status?: 'IN_PROGRESS' } = {}) =>
    makePlay(t.db, {
      quizId: quiz.id,
      phaseId: phase.id,
      gradeId: grade.id,
      studentId,
      answers: [],
      ...extra,
    });
  const winner = await student('Fatima Malik');
  const qualifier = await student('Ali Raza');
  const participant = await student('Sana Iqbal');
  const disqualified = await student('Omar Farooq');
  const practiceOnly = await student('Hina Shah');
  const unfinished = await student('Bilal Ahmed');
  for (const s of [winner, qualifier, participant]) {
    await play(s.id);
  }
  const dq = await play(disqualified.id);
  await t.db.updateTable('plays').set({ disqualifiedAt: new Date() }).where('id', '=', dq.id).execute();
  await play(practiceOnly.id, { kind: 'PRACTICE' });
  await play(unfinished.id, { status: 'IN_PROGRESS' });
  // Certificates tell results: the contest ended an hour ago and its results are out.
  await endPhaseContest(t.db, phase.id);
  await t.db
    .insertInto('phaseWinners')
    .values({ phaseId: phase.id, gradeId: grade.id, studentId: winner.id, method: 'AUTOMATIC', position: 1 })
    .execute();
  await t.db
    .insertInto('phaseQualifications')
    .values([
      { phaseId: next.id, gradeId: grade.id, studentId: winner.id, rank: 1 },
      { phaseId: next.id, gradeId: grade.id, studentId: qualifier.id, rank: 2 },
    ])
    .execute();
  return { phase, grade, winner, qualifier, participant, disqualified, practiceOnly, unfinished };
}

/** Starts the phase's run through the api as a Super Admin and runs it here (as the worker does). */
export async function runPhase(phaseId: string) {
  const admin = await signedInStaff(t);
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/admin/certificates/run',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { phaseId },
  });
  if (started.statusCode !== 202) {
    throw new Error(`run not started: ${started.statusCode} ${started.body}`);
  }
  const { jobId } = started.json() as { jobId: string };
  return runCertificates({ db: t.db, storage: storage() }, jobId);
}

export const certificatesOf = (phaseId: string) =>
  t.db
    .selectFrom('certificates')
    .select(['studentId', 'kind', 'rank', 'code', 'printedName', 'emailedAt', 'fileKeyEn', 'fileKeyUr', 'id'])
    .where('phaseId', '=', phaseId)
    .execute();
