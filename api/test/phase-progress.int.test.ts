import { randomBytes, randomUUID } from 'node:crypto';
import type { PhaseCutoffs, PhaseProgress } from '@riyazi/api/contracts';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import { DEMO_STUDENT_PASSWORD } from '../../db/src/seed/reference.js';
import {
  deleteRedisKeys,
  loginStaff,
  makeQuiz,
  makeStaff,
  resetDatabase,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';
import { invalidateQualificationGates } from '../src/modules/phase-progress/qualification.js';

const t = useTestContext();
const STUDENT = 'fatima.malik@example.com'; // grade 3 in the demo data

const phases: Record<1 | 2 | 3, string> = { 1: '', 2: '', 3: '' };
let grade3: string;
let grade5: string;
let studentId: string;
let studentToken: string;
let adminToken: string;
let phase2QuizId: string;

const asStudent = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${studentToken}` },
    ...(payload ? { payload } : {}),
  });

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${adminToken}` },
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

async function makeStudent(grade: string, fullName: string) {
  return t.db
    .insertInto('students')
    .values({
      fullName,
      email: `q-${randomBytes(6).toString('hex')}@example.com`,
      passwordHash: 'not-a-real-hash',
      gradeId: grade,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

const startPhase2 = () => asStudent('POST', '/api/play-quiz/', { quizId: phase2QuizId, type: 'CONTEST' });
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
  await t.db.updateTable('students').set({ contestAttempts: 2 }).where('id', '=', studentId).execute();
  await setFlags(t.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phases[2],
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  invalidateQualificationGates();
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
    invalidateQualificationGates();
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
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { phaseId: phases[1], gradeId: grade3, topN: 100 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/phaseCutoff/notify/', () => {
  it('e-mails each qualifier of every grade once, within their grade cut', async () => {
    await saveCut(phases[1], grade3, 100);
    const in3 = await makeStudent(grade3, 'Zara Qureshi');
    const out3 = await makeStudent(grade3, 'Omar Farooq');
    const in5 = await makeStudent(grade5, 'Hina Baig');
    const out5 = await makeStudent(grade5, 'Bilal Shah');
    await rankIn(phases[1], grade3, in3.id, 100);
    await rankIn(phases[1], grade3, out3.id, 101);
    await rankIn(phases[1], grade5, in5.id, 200);
    await rankIn(phases[1], grade5, out5.id, 201);

    const first = await asAdmin('POST', '/api/admin/phaseCutoff/notify/', { phaseId: phases[1] });
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

    const second = await asAdmin('POST', '/api/admin/phaseCutoff/notify/', { phaseId: phases[1] });
    expect(second.json().data.notified).toBe(0);
    expect(await t.db.selectFrom('mailMessages').select('id').execute()).toHaveLength(2);
    expect(
      await t.db.selectFrom('outboxEvents').select('id').where('type', '=', 'mail.queued').execute(),
    ).toHaveLength(outbox.length);
  });

  it('refuses the last phase', async () => {
    const res = await asAdmin('POST', '/api/admin/phaseCutoff/notify/', { phaseId: phases[3] });
    expect(res.statusCode).toBe(400);
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
