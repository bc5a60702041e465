import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  bearer,
  deleteRedisKeys,
  demoStudentToken,
  injectForm,
  loginStaff,
  makeStaff,
  resetDatabase,
  seededPackageId,
  seededPhaseId,
  seededStudentId,
  setFlags,
  useTestContext,
} from '../../test/helpers.js';

// Spec §3: isAttemptEarned (student auth state), contestAttempts and isPaymentMade (quiz state)
// follow the server after a payment, an access code and an admin grant. The client reads them from
// GET /api/student/me, GET /api/payment/options and the contest list's attempts left.
const t = useTestContext();
const STUDENT = 'fatima.malik@example.com';

let token: string;
let studentId: string;
let packageId: string;

const get = async <T>(url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
};

const postForm = (url: string, fields: Record<string, string>) => injectForm(t, url, fields);

const hiddenFields = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)]
      .map((m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&').replace(/&#39;/g, "'")])
      .filter(([name]) => name !== 'decision'),
  );

/** What the client syncs the student state from. */
async function studentState() {
  const me = await get<{ isAttemptEarned: boolean }>('/api/student/me');
  const options = await get<{ data: { contestAttempts: number; isPaymentMade: boolean } }>(
    '/api/payment/options',
  );
  const contests = await get<{ data: { attemptsLeft: number }[] }>('/api/play-quiz/available?type=CONTEST');
  return {
    isAttemptEarned: me.isAttemptEarned,
    contestAttempts: options.data.contestAttempts,
    isPaymentMade: options.data.isPaymentMade,
    attemptsLeft: contests.data[0]?.attemptsLeft,
  };
}

beforeAll(async () => {
  await resetDatabase(t.db);
  await seedDemoData(t.db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const phase1 = await seededPhaseId(t.db);
  await setFlags(t.db, {
    isPaymentEnabled: true,
    isContestQuizEnabled: true,
    contestQuizPhase: phase1,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  studentId = await seededStudentId(t.db, STUDENT);
  packageId = await seededPackageId(t.db, 'Two attempts');
  token = await demoStudentToken(t.app, STUDENT);
});

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db
    .updateTable('students')
    .set({ contestAttempts: 0, isPaymentMade: false, codeEntered: false })
    .where('id', '=', studentId)
    .execute();
});

describe('student state after attempts change', () => {
  it('starts with no attempt earned and nothing paid', async () => {
    expect(await studentState()).toEqual({
      isAttemptEarned: false,
      contestAttempts: 0,
      isPaymentMade: false,
      attemptsLeft: 0,
    });
  });

  it('after a sandbox payment: attempts earned, counted and paid', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/payment/checkout',
      headers: bearer(token),
      payload: { packageId, gateway: 'sandbox' },
    });
    const { fields } = placed.json<{ redirect: { fields: Record<string, string> } }>().redirect;
    const decided = await postForm('/api/payment/sandbox/decide', { ...fields, decision: 'approve' });
    const back = await postForm('/api/payment/gateway/sandbox/return', hiddenFields(decided.body));
    expect(back.headers.location).toMatch(/^\/payment\/success/);
    expect(await studentState()).toEqual({
      isAttemptEarned: true,
      contestAttempts: 2,
      isPaymentMade: true,
      attemptsLeft: 2,
    });
  });

  it('after an access code: attempts earned, counted and paid', async () => {
    const batch = await t.db
      .insertInto('accessCodeBatches')
      .values({ label: 'Beaconhouse', attempts: 1, codeCount: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('accessCodes').values({ batchId: batch.id, code: 'WXYZ-WXYZ-WXYZ' }).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/redeem-code',
      headers: bearer(token),
      payload: { code: 'wxyz wxyz wxyz' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await studentState()).toEqual({
      isAttemptEarned: true,
      contestAttempts: 1,
      isPaymentMade: true,
      attemptsLeft: 1,
    });
  });

  it('after an admin grant: attempts earned and counted, but not marked as paid; taken back, none earned', async () => {
    const staff = await makeStaff(t.db, { permissions: [['student', 'update']] });
    const admin = (await loginStaff(t.app, staff)).accessToken;
    const grant = (attempts: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contestAttempts/create',
        headers: bearer(admin),
        payload: { studentId, attempts, reason: 'School sponsored' },
      });
    expect((await grant(2)).json()).toEqual({ contestAttempts: 2 });
    expect(await studentState()).toEqual({
      isAttemptEarned: true,
      contestAttempts: 2,
      isPaymentMade: false,
      attemptsLeft: 2,
    });
    expect((await grant(-2)).json()).toEqual({ contestAttempts: 0 });
    expect(await studentState()).toEqual({
      isAttemptEarned: false,
      contestAttempts: 0,
      isPaymentMade: false,
      attemptsLeft: 0,
    });
  });
});
