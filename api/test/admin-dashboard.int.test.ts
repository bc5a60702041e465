import { randomBytes } from 'node:crypto';
import type { Db } from '@riyazi/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  makeGrade,
  makePlay,
  makeQuiz,
  makeStudent,
  resetDatabase,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { pakistanDay, pakistanDayStart } from '../src/lib/time.js';

const t = useTestContext();
const URL = '/api/admin/dashboard';
const today = pakistanDay();
const HOUR = 3_600_000;
const at = (plusDays: number, hours = 1) =>
  new Date(pakistanDayStart(today, plusDays).getTime() + hours * HOUR);

async function makePaidPackage(db: Db) {
  return db
    .insertInto('paymentPackages')
    .values({ name: 'Contest entry', pricePaisa: 150_000, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function makePayment(
  db: Db,
  studentId: string,
  packageId: string,
  status: string,
  paisa: number,
  createdAt: Date,
) {
  await db
    .insertInto('payments')
    .values({
      orderRef: `T${randomBytes(5).toString('hex').toUpperCase()}`,
      studentId,
      packageId,
      gateway: 'sandbox',
      status,
      listPricePaisa: paisa,
      amountPaisa: paisa,
      attempts: 1,
      createdAt,
      updatedAt: createdAt,
      paidAt: status === 'PAID' ? createdAt : null,
    })
    .execute();
}

let superAdmin: string;
let verifier: string;
let nobody: string;
let gradeA: { id: string; title: string };
let gradeB: { id: string; title: string };

beforeAll(async () => {
  await resetDatabase(t.db);
  const phase = await t.db
    .insertInto('phases')
    .values({ name: 'Phase 1', number: 1, startsAt: at(-2, 0), endsAt: at(20, 0), status: 'ACTIVE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const other = await t.db
    .insertInto('phases')
    .values({ name: 'Phase 2', number: 2, startsAt: at(30, 0), endsAt: at(40, 0), status: 'UPCOMING' })
    .returning('id')
    .executeTakeFirstOrThrow();
  gradeA = await makeGrade(t.db, 3);
  gradeB = await makeGrade(t.db, 4);
  const quiz = await makeQuiz(t.db, { gradeIds: [gradeA.id, gradeB.id], phaseId: phase.id });
  const practice = await makeQuiz(t.db, { gradeIds: [gradeA.id], phaseId: phase.id, kind: 'PRACTICE' });
  const laterQuiz = await makeQuiz(t.db, { gradeIds: [gradeA.id], phaseId: other.id });

  // Students: 4 today (one approved, one pending), 2 older (one approved, one pending).
  const s = [
    await makeStudent(t.db, { gradeId: gradeA.id, verificationStatus: 'APPROVED' }),
    await makeStudent(t.db, { gradeId: gradeA.id, verificationStatus: 'PENDING' }),
    await makeStudent(t.db, { gradeId: gradeB.id }),
    await makeStudent(t.db, { gradeId: gradeB.id }),
    await makeStudent(t.db, { gradeId: gradeA.id, verificationStatus: 'APPROVED', createdAt: at(-3) }),
    await makeStudent(t.db, { gradeId: gradeA.id, verificationStatus: 'PENDING', createdAt: at(-3) }),
  ];
  const play = (studentId: string, gradeId: string, status: 'IN_PROGRESS' | 'FINISHED', quizId = quiz.id) =>
    makePlay(t.db, {
      quizId,
      phaseId: quizId === laterQuiz.id ? other.id : phase.id,
      gradeId,
      studentId,
      status,
      answers: [],
    });
  await play(s[0]!.id, gradeA.id, 'IN_PROGRESS');
  await play(s[1]!.id, gradeA.id, 'IN_PROGRESS');
  await play(s[4]!.id, gradeA.id, 'FINISHED');
  await play(s[2]!.id, gradeB.id, 'FINISHED');
  await play(s[3]!.id, gradeB.id, 'FINISHED');
  await play(s[5]!.id, gradeA.id, 'IN_PROGRESS', laterQuiz.id);
  await makePlay(t.db, {
    quizId: practice.id,
    phaseId: phase.id,
    gradeId: gradeA.id,
    studentId: s[3]!.id,
    status: 'IN_PROGRESS',
    kind: 'PRACTICE',
    answers: [],
  });

  const pkg = await makePaidPackage(t.db);
  await makePayment(t.db, s[0]!.id, pkg.id, 'PAID', 150_000, at(0, 0.5));
  await makePayment(t.db, s[1]!.id, pkg.id, 'PAID', 75_050, at(0, 0.2));
  await makePayment(t.db, s[2]!.id, pkg.id, 'FAILED', 150_000, at(0, 0.1));
  await makePayment(t.db, s[3]!.id, pkg.id, 'PENDING', 150_000, at(0, 0.1));
  await makePayment(t.db, s[4]!.id, pkg.id, 'PAID', 100_000, at(-1, 5));
  await makePayment(t.db, s[5]!.id, pkg.id, 'PAID', 100_000, at(-4, 5));
  await makePayment(t.db, s[5]!.id, pkg.id, 'FAILED', 100_000, at(-1, 5));

  superAdmin = (await signedInStaff(t, { superAdmin: true })).token;
  verifier = (await signedInStaff(t, { permissions: [['studentVerification', 'read']] })).token;
  nobody = (await signedInStaff(t, { permissions: [['grade', 'read']] })).token;
});

const get = (token?: string) =>
  t.app.inject({ method: 'GET', url: URL, ...(token ? { headers: bearer(token) } : {}) });

describe('GET /api/admin/dashboard', () => {
  it('answers 401 without a session', async () => {
    const res = await get();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it("shows a Super Admin every tile with the planted figures, today being Pakistan's day", async () => {
    const res = await get(superAdmin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.today).toBe(today);
    expect(body.contestRunning).toBe(true);
    expect(body.students).toEqual({ total: 6, newToday: 4, verified: 2 });
    expect(body.verification).toEqual({ pending: 2 });
    expect(body.payments).toEqual({
      today: { count: 2, amount: 2250.5 },
      phase: { count: 3, amount: 3250.5 },
    });
    expect(body.failedPayments).toEqual({ today: 1 });
    expect(body.contest.phase).toMatchObject({ name: 'Phase 1', status: 'ACTIVE' });
    expect(body.contest.grades).toEqual([
      { gradeId: gradeA.id, grade: gradeA.title, running: 2, finished: 1 },
      { gradeId: gradeB.id, grade: gradeB.title, running: 0, finished: 2 },
    ]);
    expect(body.queues).toEqual({
      waiting: expect.any(Number),
      active: expect.any(Number),
      delayed: expect.any(Number),
      failed: expect.any(Number),
    });
  });

  it('shows a role with only verification read the pending verifications and nothing else', async () => {
    const res = await get(verifier);
    expect(res.statusCode).toBe(200);
    const { generatedAt, ...rest } = res.json();
    expect(typeof generatedAt).toBe('string');
    expect(rest).toEqual({ today, contestRunning: true, verification: { pending: 2 } });
  });

  it('shows staff whose role reaches no tile an empty dashboard, not an error', async () => {
    const res = await get(nobody);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['contestRunning', 'generatedAt', 'today']);
  });
});
