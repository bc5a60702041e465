import { randomBytes, randomUUID } from 'node:crypto';
import type { NotifyQualifiersPreview, PhaseCutoffs, PhaseProgress } from '@riyazi/api/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import {
  bearer,
  deleteRedisKeys,
  loginStaff,
  makeQuiz,
  makeStaff,
  makeStudent,
  resetDatabase,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { invalidateQualificationGates, qualifiesFor } from '../src/modules/phase-progress/qualification.js';
import { rebuildPhase } from '../src/modules/rankings/rankings.service.js';

const t = useTestContext();
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

const phases: Record<1 | 2 | 3, string> = { 1: '', 2: '', 3: '' };
let grade3: string;
let grade5: string;
let studentId: string;
let studentToken: string;
let adminToken: string;
let phase2QuizId: string;
let phase3QuizId: string;
let phaseRows: { id: string; status: 'UPCOMING' | 'ACTIVE' | 'CLOSED'; endsAt: Date }[];

const asStudent = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(studentToken),
    ...(payload ? { payload } : {}),
  });

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: bearer(adminToken),
    ...(payload ? { payload } : {}),
  });

async function gradeId(title: string) {
  return (await t.db.selectFrom('grades').select('id').where('title', '=', title).executeTakeFirstOrThrow())
    .id;
}

/** A standing as the ranking worker writes it. */
async function rankIn(phaseId: string, grade: string, student: string, rank: number) {
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
async function fillers(grade: string, count: number): Promise<string[]> {
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
async function playInRankOrder(phaseId: string, grade: string, studentIds: string[]) {
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

/** Ends a phase the way an admin does: status CLOSED (beforeEach puts the seeded phases back). */
const closePhase = (number: 1 | 2 | 3) =>
  t.db.updateTable('phases').set({ status: 'CLOSED' }).where('id', '=', phases[number]).execute();

const notify = (phaseId: string) => asAdmin('POST', '/api/admin/phaseCutoff/notify/', { phaseId });
const preview = async (phaseId: string) =>
  (await asAdmin('GET', `/api/admin/phaseCutoff/notify/?phaseId=${phaseId}`)).json<{
    data: NotifyQualifiersPreview;
  }>().data;
const mailedTo = async () =>
  (await t.db.selectFrom('mailMessages').select('toEmail').execute()).map((m) => m.toEmail).sort();

const startPhase2 = () => asStudent('POST', '/api/play-quiz/', { quizId: phase2QuizId, type: 'CONTEST' });
const startPhase3 = () => asStudent('POST', '/api/play-quiz/', { quizId: phase3QuizId, type: 'CONTEST' });
const saveCut = (phaseId: string, grade: string, topN: number) =>
  asAdmin('POST', '/api/admin/phaseCutoff/create/', { phaseId, gradeId: grade, topN });

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  for (const number of [1, 2, 3] as const) {
    phases[number] = (
      await t.db.selectFrom('phases').select('id').where('number', '=', number).executeTakeFirstOrThrow()
    ).id;
  }
  grade3 = await gradeId('Grade 3');
  grade5 = await gradeId('Grade 5');
  studentId = (
    await t.db.selectFrom('students').select('id').where('email', '=', STUDENT).executeTakeFirstOrThrow()
  ).id;
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
  phaseRows = await t.db.selectFrom('phases').select(['id', 'status', 'endsAt']).execute();
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/student/login',
    payload: { email: STUDENT, password: DEMO_STUDENT_PASSWORD },
  });
  studentToken = login.json<{ accessToken: string }>().accessToken;
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
  for (const row of phaseRows) {
    await t.db
      .updateTable('phases')
      .set({ status: row.status, endsAt: row.endsAt })
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
  invalidateQualificationGates(t.db);
});

describe('starting a phase 2 contest', () => {
  it('lets the rank 200 of the grade in phase 1 start (the default cut)', async () => {
    await rankIn(phases[1], grade3, studentId, 200);
    const res = await startPhase2();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contestAttempts).toBe(1);
  });

  it('refuses rank 201 with NOT_QUALIFIED, spending no attempt', async () => {
    await rankIn(phases[1], grade3, studentId, 201);
    const res = await startPhase2();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Phase 2 is open to the top 200 of your grade in Phase 1.',
      code: 'NOT_QUALIFIED',
    });
    const student = await t.db
      .selectFrom('students')
      .select('contestAttempts')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    expect(student.contestAttempts).toBe(2);
  });

  it('refuses a student who did not play phase 1', async () => {
    expect((await startPhase2()).json().code).toBe('NOT_QUALIFIED');
  });

  it('follows a 150 cut at once: rank 151 may not start, rank 150 may', async () => {
    expect((await saveCut(phases[1], grade3, 150)).statusCode).toBe(200);
    await rankIn(phases[1], grade3, studentId, 151);
    const refused = await startPhase2();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Phase 2 is open to the top 150 of your grade in Phase 1.');

    await t.db.updateTable('phaseStandings').set({ rank: 150 }).where('studentId', '=', studentId).execute();
    expect((await startPhase2()).statusCode).toBe(200);
  });

  it('counts only the rank in the same grade', async () => {
    await rankIn(phases[1], grade5, studentId, 1);
    expect((await startPhase2()).json().code).toBe('NOT_QUALIFIED');
  });

  it('keeps phase 1 open to everyone', async () => {
    await setFlags(t.db, { isContestQuizEnabled: true, contestQuizPhase: phases[1] });
    const available = await asStudent('GET', '/api/play-quiz/available?type=CONTEST');
    expect(available.json().data.length).toBeGreaterThan(0);
  });
});

describe('GET /api/play-quiz/available?type=CONTEST', () => {
  it('hides the phase 2 quiz from a student outside the cut and offers it within', async () => {
    await rankIn(phases[1], grade3, studentId, 250);
    expect((await asStudent('GET', '/api/play-quiz/available?type=CONTEST')).json().data).toEqual([]);

    await t.db.updateTable('phaseStandings').set({ rank: 12 }).where('studentId', '=', studentId).execute();
    invalidateQualificationGates(t.db);
    const offered = await asStudent('GET', '/api/play-quiz/available?type=CONTEST');
    expect(offered.json().data.map((q: { _id: string }) => q._id)).toEqual([phase2QuizId]);
  });
});

describe('phase cut-offs', () => {
  it('lists every grade with the default cut until one is saved', async () => {
    await saveCut(phases[1], grade3, 100);
    const res = await asAdmin('GET', `/api/admin/phaseCutoff/?phaseId=${phases[1]}`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: PhaseCutoffs }>().data;
    expect(data.options).toEqual([100, 150, 200]);
    expect(data.nextPhase?._id).toBe(phases[2]);
    expect(data.grades.find((g) => g.gradeId === grade3)).toMatchObject({ topN: 100, isDefault: false });
    expect(data.grades.find((g) => g.gradeId === grade5)).toMatchObject({ topN: 200, isDefault: true });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'phaseCutoff.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ gradeId: grade3, from: null, to: 100 });
  });

  it.each([
    [1, 30, 'topN: must be 100, 150 or 200 for phase 1'],
    [1, 120, 'topN: must be 100, 150 or 200 for phase 1'],
    [2, 100, 'topN: must be 10, 20 or 30 for phase 2'],
    [3, 10, 'Phase 3 — Final does not carry toppers to a next phase.'],
  ] as const)('refuses phase %i with topN %i', async (number, topN, message) => {
    const res = await saveCut(phases[number], grade3, topN);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts 10, 20 and 30 for phase 2', async () => {
    for (const topN of [10, 20, 30]) {
      expect((await saveCut(phases[2], grade3, topN)).statusCode).toBe(200);
    }
  });

  it('needs phase update to save a cut', async () => {
    const reader = await makeStaff(t.db, { permissions: [['phase', 'read']] });
    const { accessToken } = await loginStaff(t.app, reader);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phaseCutoff/create/',
      headers: bearer(accessToken),
      payload: { phaseId: phases[1], gradeId: grade3, topN: 100 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/phaseCutoff/notify/', () => {
  it('e-mails each qualifier of every grade once, within their grade cut, once the phase is closed', async () => {
    await saveCut(phases[1], grade3, 100);
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const out3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    const in5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Hina Baig' });
    const out5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Bilal Shah' });
    await playInRankOrder(phases[1], grade3, [...(await fillers(grade3, 99)), in3.id, out3.id]);
    await playInRankOrder(phases[1], grade5, [...(await fillers(grade5, 199)), in5.id, out5.id]);
    await closePhase(1);

    expect(await preview(phases[1])).toEqual({
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
      pending: 2,
      blocked: null,
    });
    const first = await notify(phases[1]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      notified: 2,
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
    });
    const mails = await t.db
      .selectFrom('mailMessages')
      .select(['toEmail', 'template', 'params'])
      .orderBy('toEmail')
      .execute();
    expect(mails.map((m) => m.toEmail).sort()).toEqual([in3.email, in5.email].sort());
    expect(mails.find((m) => m.toEmail === in3.email)).toMatchObject({
      template: 'phaseQualified',
      params: {
        name: 'Zara Qureshi',
        phaseTitle: 'Phase 1 — Qualifier',
        nextPhaseTitle: 'Phase 2 — Semi-final',
        rank: 100,
      },
    });
    const rows = await t.db.selectFrom('phaseQualifications').select(['phaseId', 'studentId']).execute();
    expect(rows.every((r) => r.phaseId === phases[2])).toBe(true);
    const outbox = await t.db
      .selectFrom('outboxEvents')
      .select('id')
      .where('type', '=', 'mail.queued')
      .execute();

    expect((await preview(phases[1])).pending).toBe(0);
    const second = await notify(phases[1]);
    expect(second.json().data.notified).toBe(0);
    expect(await t.db.selectFrom('mailMessages').select('id').execute()).toHaveLength(2);
    expect(
      await t.db.selectFrom('outboxEvents').select('id').where('type', '=', 'mail.queued').execute(),
    ).toHaveLength(outbox.length);
  });

  it('refuses with 409 while the phase is still running, e-mailing nobody', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    const res = await notify(phases[1]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Phase 1 — Qualifier is still running \(it ends .+\): its ranks are not final, so qualifiers can be e-mailed once it has ended\.$/,
    );
    expect(await preview(phases[1])).toEqual({
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
      pending: 0,
      blocked: res.json().message,
    });
    expect(await mailedTo()).toEqual([]);
    expect(await t.db.selectFrom('phaseQualifications').select('studentId').execute()).toEqual([]);
  });

  it('counts a phase whose end date has passed as over, even before it is closed', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    await t.db
      .updateTable('phases')
      .set({ endsAt: new Date(Date.now() - 60_000) })
      .where('id', '=', phases[1])
      .execute();
    const res = await notify(phases[1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailedTo()).toEqual([in3.email]);
  });

  it('refuses with 409 while a contest attempt of the phase is still being played', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const playing = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    await t.db
      .insertInto('plays')
      .values({
        studentId: playing.id,
        quizId: randomUUID(),
        phaseId: phases[1],
        gradeId: grade3,
        kind: 'CONTEST',
        status: 'IN_PROGRESS',
        questionCount: 15,
      })
      .execute();
    await closePhase(1);
    const res = await notify(phases[1]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      '1 contest attempt of Phase 1 — Qualifier is still being played: e-mail the qualifiers once it has finished.',
    );
    expect(await mailedTo()).toEqual([]);
  });

  it('ranks from the plays themselves, so a finish not yet ranked by the worker counts', async () => {
    const early = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const late = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    await saveCut(phases[1], grade3, 100);
    await playInRankOrder(phases[1], grade3, [...(await fillers(grade3, 99)), early.id]);
    await rankIn(phases[1], grade3, late.id, 150); // a stale standing: the worker has not re-ranked yet
    await t.db
      .insertInto('plays')
      .values({
        studentId: late.id,
        quizId: randomUUID(),
        phaseId: phases[1],
        gradeId: grade3,
        kind: 'CONTEST',
        status: 'FINISHED',
        questionCount: 15,
        score: 2000,
        totalTimeMs: 60_000,
        finishedAt: new Date(),
      })
      .execute();
    await closePhase(1);
    expect((await notify(phases[1])).json().data.notified).toBe(1);
    expect(await mailedTo()).toEqual([late.email]);
  });

  it('needs phase update to e-mail and phase read to preview', async () => {
    const reader = await makeStaff(t.db, { permissions: [['phase', 'read']] });
    const { accessToken } = await loginStaff(t.app, reader);
    const headers = bearer(accessToken);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phaseCutoff/notify/',
      headers,
      payload: { phaseId: phases[1] },
    });
    expect(sent.statusCode).toBe(403);
    const looked = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phaseCutoff/notify/?phaseId=${phases[1]}`,
      headers,
    });
    expect(looked.statusCode).toBe(200);
  });

  it('refuses the last phase', async () => {
    const res = await notify(phases[3]);
    expect(res.statusCode).toBe(400);
    expect((await preview(phases[3])).blocked).toBe(
      'Phase 3 — Final does not carry toppers to a next phase.',
    );
  });
});

describe('moving from phase 2 to phase 3', () => {
  beforeEach(async () => {
    await setFlags(t.db, {
      isContestQuizEnabled: true,
      contestQuizPhase: phases[3],
      contestPermissionRequired: false,
      documentAcceptanceRequired: false,
    });
  });

  it('lets phase 2 rank 30 start phase 3 (the default cut)', async () => {
    await rankIn(phases[2], grade3, studentId, 30);
    const res = await startPhase3();
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses phase 2 rank 31 with NOT_QUALIFIED', async () => {
    await rankIn(phases[2], grade3, studentId, 31);
    const res = await startPhase3();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Phase 3 is open to the top 30 of your grade in Phase 2.',
      code: 'NOT_QUALIFIED',
    });
  });

  it.each([
    [10, 10, 11],
    [20, 20, 21],
  ] as const)('follows a cut of %i: rank %i may start, rank %i may not', async (cut, inside, outside) => {
    expect((await saveCut(phases[2], grade3, cut)).statusCode).toBe(200);
    await rankIn(phases[2], grade3, studentId, outside);
    const refused = await startPhase3();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(`Phase 3 is open to the top ${cut} of your grade in Phase 2.`);
    await t.db
      .updateTable('phaseStandings')
      .set({ rank: inside })
      .where('studentId', '=', studentId)
      .execute();
    expect((await startPhase3()).statusCode).toBe(200);
  });

  it('does not count a phase 1 rank towards phase 3', async () => {
    await rankIn(phases[1], grade3, studentId, 1);
    expect((await startPhase3()).json().code).toBe('NOT_QUALIFIED');
  });

  it("e-mails phase 2's qualifiers about phase 3, and those told stay admitted whatever ranks do later", async () => {
    const student = await t.db
      .selectFrom('students')
      .select('email')
      .where('id', '=', studentId)
      .executeTakeFirstOrThrow();
    await saveCut(phases[2], grade3, 20);
    const out3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    const in5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Hina Baig' });
    const out5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Bilal Shah' });
    await playInRankOrder(phases[2], grade3, [...(await fillers(grade3, 19)), studentId, out3.id]);
    await playInRankOrder(phases[2], grade5, [...(await fillers(grade5, 29)), in5.id, out5.id]);
    // A phase 1 standing carries nobody to phase 3.
    const phase1Only = await makeStudent(t.db, { gradeId: grade3, fullName: 'Sana Mir' });
    await playInRankOrder(phases[1], grade3, [phase1Only.id]);
    await closePhase(1);
    await closePhase(2);

    const res = await notify(phases[2]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ notified: 2, nextPhase: { _id: phases[3], name: 'Phase 3 — Final' } });
    expect(await mailedTo()).toEqual([student.email, in5.email].sort());
    const mail = await t.db
      .selectFrom('mailMessages')
      .select('params')
      .where('toEmail', '=', student.email)
      .executeTakeFirstOrThrow();
    expect(mail.params).toMatchObject({
      phaseTitle: 'Phase 2 — Semi-final',
      nextPhaseTitle: 'Phase 3 — Final',
      rank: 20,
    });

    // An admin re-rank later moves the student to 21: told they qualified, they may still start.
    await t.db
      .updateTable('phaseStandings')
      .set({ rank: 21 })
      .where('studentId', '=', studentId)
      .where('phaseId', '=', phases[2])
      .execute();
    expect((await startPhase3()).statusCode).toBe(200);
    expect(await qualifiesFor(t.db, out3.id, grade3, { id: phases[3] })).toEqual({
      ok: false,
      message: 'Phase 3 is open to the top 20 of your grade in Phase 2.',
    });
    expect((await qualifiesFor(t.db, in5.id, grade5, { id: phases[3] })).ok).toBe(true);
    expect((await qualifiesFor(t.db, out5.id, grade5, { id: phases[3] })).ok).toBe(false);
  });
});

describe('GET /api/phase/progress', () => {
  const progress = async () => (await asStudent('GET', '/api/phase/progress')).json<PhaseProgress>();

  it('answers nulls without phase flags', async () => {
    await setFlags(t.db, {});
    expect(await progress()).toEqual({
      nextPhase: null,
      previousPhase: null,
      qualifiedForNext: null,
      myRank: null,
    });
  });

  it('shows what comes next and what ended, with the rank, and qualification once phase 1 is over', async () => {
    await rankIn(phases[1], grade3, studentId, 7);
    await setFlags(t.db, { nextPhase: phases[2], previousPhase: phases[1] });
    const running = await progress();
    expect(running.nextPhase).toMatchObject({ _id: phases[2], title: 'Phase 2 — Semi-final' });
    expect(running.previousPhase).toMatchObject({ _id: phases[1], title: 'Phase 1 — Qualifier' });
    expect(running.myRank).toEqual({ phaseId: phases[1], rank: 7, score: 10 });
    expect(running.qualifiedForNext).toBeNull();

    await t.db.updateTable('phases').set({ status: 'CLOSED' }).where('id', '=', phases[1]).execute();
    try {
      expect((await progress()).qualifiedForNext).toBe(true);
      await t.db
        .updateTable('phaseStandings')
        .set({ rank: 201 })
        .where('studentId', '=', studentId)
        .execute();
      expect((await progress()).qualifiedForNext).toBe(false);
    } finally {
      await t.db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phases[1]).execute();
    }
  });

  it('needs a signed-in student', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/phase/progress' })).statusCode).toBe(401);
  });
});
