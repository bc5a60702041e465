import type { Action, Module } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  bearer,
  makePhase,
  signedInStaff,
  signedInStudent,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const REFUSED = 'This code is not valid or has already been used.';
const TOO_MANY = 'Too many tries. Please try again later.';
const CODE_FORMAT = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

const CODE_ALL: [Module, Action][] = [
  ['code', 'read'],
  ['code', 'create'],
  ['code', 'update'],
];

const signedIn = (permissions: [Module, Action][] = CODE_ALL) => signedInStaff(t, { permissions });

const call = authorizedCall(t);

/** A student with a session; contestAttempts starts at 0. */
/** A signed-in student with no contest attempts. */
const newStudent = () =>
  signedInStudent(t, { fullName: 'Sana Student', contestAttempts: 0, emailVerified: false });

const redeem = (token: string, code: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payment/redeem-code',
    headers: bearer(token),
    payload: { code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

interface BatchBody {
  data: {
    _id: string;
    label: string;
    attempts: number;
    phase: { _id: string; title: string } | null;
    codeCount: number;
    redeemedCount: number;
    validUntil: string | null;
    revokedAt: string | null;
  };
}

async function createBatch(token: string, body: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/api/admin/codeBatch/create/', {
    label: 'Beaconhouse Gulberg',
    attempts: 2,
    phaseId: null,
    count: 5,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  const batch = res.json<BatchBody>().data;
  const codes = await t.db
    .selectFrom('accessCodes')
    .select(['id', 'code'])
    .where('batchId', '=', batch._id)
    .orderBy('code')
    .execute();
  return { batch, codes };
}

const codeRow = (id: string) =>
  t.db.selectFrom('accessCodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const studentRow = (id: string) =>
  t.db
    .selectFrom('students')
    .select(['contestAttempts', 'codeEntered', 'isPaymentMade'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** The formatted code as a person might type it: lower case, spaces, no dashes. */
const sloppy = (code: string) => code.toLowerCase().replaceAll('-', ' ');

describe('POST /api/admin/codeBatch/create/', () => {
  it('generates 200 unique codes in the XXXX-XXXX-XXXX format without look-alikes, audited without the codes', async () => {
    const admin = await signedIn();
    const phase = await makePhase(t.db, 1);
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const { batch, codes } = await createBatch(admin.token, {
      label: 'City School',
      attempts: 3,
      phaseId: phase.id,
      count: 200,
      validUntil,
    });
    expect(batch).toMatchObject({
      label: 'City School',
      attempts: 3,
      phase: { _id: phase.id, title: 'Phase 1' },
      codeCount: 200,
      redeemedCount: 0,
      validUntil,
      revokedAt: null,
    });
    expect(codes).toHaveLength(200);
    expect(new Set(codes.map((c) => c.code)).size).toBe(200);
    for (const { code } of codes) {
      expect(code).toMatch(CODE_FORMAT);
      expect(code).not.toMatch(/[0O1I]/);
    }

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId', 'details'])
      .where('action', '=', 'codeBatch.create')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      targetId: batch._id,
      details: expect.objectContaining({ batchId: batch._id, count: 200 }),
    });
    const trail = JSON.stringify(audit[0]?.details);
    expect(codes.some(({ code }) => trail.includes(code))).toBe(false);
  });

  it.each([
    ['no label', { label: ' ' }, 'label'],
    ['21 attempts', { attempts: 21 }, 'attempts'],
    ['0 attempts', { attempts: 0 }, 'attempts'],
    ['no codes', { count: 0 }, 'count'],
    ['5001 codes', { count: 5001 }, 'count'],
    ['an expiry in the past', { validUntil: '2020-01-01T00:00:00Z' }, 'validUntil'],
    ['a phase that does not exist', { phaseId: '00000000-0000-4000-8000-000000000000' }, 'phaseId'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const admin = await signedIn();
    const res = await call(admin.token, 'POST', '/api/admin/codeBatch/create/', {
      label: 'Batch',
      attempts: 1,
      phaseId: null,
      count: 3,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(await t.db.selectFrom('accessCodes').select('id').execute()).toHaveLength(0);
  });
});

describe('GET /api/admin/codeBatch/', () => {
  it('lists batches newest first with their redeemed count', async () => {
    const admin = await signedIn();
    const first = await createBatch(admin.token, { label: 'First' });
    const second = await createBatch(admin.token, { label: 'Second', count: 2 });
    const student = await newStudent();
    expect((await redeem(student.token, first.codes[0]?.code ?? '')).statusCode).toBe(200);

    const res = await call(admin.token, 'GET', '/api/admin/codeBatch/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 2,
      currentPage: 1,
      totalPages: 1,
      itemsPerPage: 50,
      data: [
        { _id: second.batch._id, codeCount: 2, redeemedCount: 0, phase: null },
        { _id: first.batch._id, codeCount: 5, redeemedCount: 1 },
      ],
    });
  });
});

describe('GET /api/admin/codeBatch/export/', () => {
  it('downloads code, status, redeemed time and student number only, with formula cells defused', async () => {
    const admin = await signedIn();
    const { batch, codes } = await createBatch(admin.token, { label: '=1+1 School', count: 3 });
    const [redeemed, revoked, unused] = codes;
    const student = await newStudent();
    expect((await redeem(student.token, redeemed?.code ?? '')).statusCode).toBe(200);
    expect((await call(admin.token, 'POST', `/api/admin/code/revoke/?id=${revoked?.id}`)).statusCode).toBe(
      200,
    );

    const res = await call(admin.token, 'GET', `/api/admin/codeBatch/export/?id=${batch._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="access-codes-1-1-school-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Batch,Code,Status,Redeemed at,Student number');
    const rows = new Map(lines.slice(1).map((line) => [line.split(',')[1], line.split(',')]));
    expect(rows.size).toBe(3);
    const redeemedAt = (await codeRow(redeemed?.id ?? '')).redeemedAt?.toISOString();
    expect(rows.get(redeemed?.code)).toEqual([
      "'=1+1 School",
      redeemed?.code,
      'redeemed',
      redeemedAt,
      String(student.studentNo),
    ]);
    expect(rows.get(revoked?.code)).toEqual(["'=1+1 School", revoked?.code, 'revoked', '', '']);
    expect(rows.get(unused?.code)).toEqual(["'=1+1 School", unused?.code, 'unused', '', '']);
    expect(res.body).not.toContain(student.email);
    expect(res.body).not.toContain('Sana Student');
  });

  it('answers 404 for an unknown batch', async () => {
    const admin = await signedIn();
    const res = await call(
      admin.token,
      'GET',
      '/api/admin/codeBatch/export/?id=00000000-0000-4000-8000-000000000000',
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/payment/redeem-code', () => {
  it('accepts a code typed in any case with spaces, grants its attempts once and marks the student as paid', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token, { attempts: 2 });
    const code = codes[0] ?? { id: '', code: '' };
    const student = await newStudent();
    await t.db.updateTable('students').set({ contestAttempts: 1 }).where('id', '=', student.id).execute();

    const res = await redeem(student.token, sloppy(code.code).replaceAll(' ', ''));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: 'Code accepted: 2 contest attempts added.',
      contestAttempts: 3,
      attemptsGranted: 2,
    });
    expect(await studentRow(student.id)).toEqual({
      contestAttempts: 3,
      codeEntered: true,
      isPaymentMade: true,
    });
    expect(await codeRow(code.id)).toMatchObject({ redeemedBy: student.id, redeemedAt: expect.any(Date) });
    const grants = await t.db.selectFrom('attemptGrants').selectAll().execute();
    expect(grants).toEqual([
      expect.objectContaining({ studentId: student.id, attempts: 2, source: 'CODE', accessCodeId: code.id }),
    ]);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorType', 'actorId', 'targetId', 'details'])
      .where('action', '=', 'accessCode.redeem')
      .execute();
    expect(audit).toEqual([
      { actorType: 'student', actorId: student.id, targetId: code.id, details: expect.any(Object) },
    ]);
    expect(JSON.stringify(audit[0]?.details)).not.toContain(code.code);
  });

  it('accepts "abcd efgh jkmn" style input and says "attempt" for one', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token, { attempts: 1 });
    const student = await newStudent();
    const res = await redeem(student.token, ` ${sloppy(codes[0]?.code ?? '')} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Code accepted: 1 contest attempt added.');
  });

  it('refuses the same code a second time, for the same or another student, with the one message', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token);
    const code = codes[0]?.code ?? '';
    const first = await newStudent();
    const second = await newStudent();
    expect((await redeem(first.token, code)).statusCode).toBe(200);
    const again = await redeem(first.token, code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: REFUSED });
    const other = await redeem(second.token, code);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: REFUSED });
    expect(await studentRow(second.id)).toMatchObject({ contestAttempts: 0, codeEntered: false });
    expect(await t.db.selectFrom('attemptGrants').select('id').execute()).toHaveLength(1);
  });

  it('lets exactly one of 10 students racing for one code win, and grants its attempts once', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token, { attempts: 2, count: 1 });
    const code = codes[0] ?? { id: '', code: '' };
    const students = await Promise.all(Array.from({ length: 10 }, () => newStudent()));

    const results = await Promise.all(students.map((s) => redeem(s.token, code.code)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400, 400, 400, 400, 400]);
    const winner = students[results.findIndex((r) => r.statusCode === 200)];
    expect((await codeRow(code.id)).redeemedBy).toBe(winner?.id);
    const grants = await t.db.selectFrom('attemptGrants').select(['studentId', 'attempts']).execute();
    expect(grants).toEqual([{ studentId: winner?.id, attempts: 2 }]);
    const total = await t.db
      .selectFrom('students')
      .select((eb) => eb.fn.sum<string>('contestAttempts').as('sum'))
      .executeTakeFirstOrThrow();
    expect(Number(total.sum)).toBe(2);
  });

  it('refuses codes of a revoked batch, a revoked code and an expired batch, all alike', async () => {
    const admin = await signedIn();
    const student = await newStudent();
    const revokedBatch = await createBatch(admin.token, { label: 'Revoked' });
    const revoke = await call(
      admin.token,
      'POST',
      `/api/admin/codeBatch/revoke/?id=${revokedBatch.batch._id}`,
    );
    expect(revoke.statusCode).toBe(200);
    const live = await createBatch(admin.token, { label: 'Live' });
    const single = live.codes[0] ?? { id: '', code: '' };
    expect((await call(admin.token, 'POST', `/api/admin/code/revoke/?id=${single.id}`)).statusCode).toBe(200);
    const expired = await createBatch(admin.token, { label: 'Expired' });
    await t.db
      .updateTable('accessCodeBatches')
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where('id', '=', expired.batch._id)
      .execute();

    for (const code of [revokedBatch.codes[0]?.code, single.code, expired.codes[0]?.code, 'ABCD-EFGH-JKMN']) {
      const res = await redeem(student.token, code ?? '');
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toEqual({ message: REFUSED });
    }
    expect(await studentRow(student.id)).toMatchObject({ contestAttempts: 0, codeEntered: false });
    // The batch's other codes still work.
    expect((await redeem(student.token, live.codes[1]?.code ?? '')).statusCode).toBe(200);
  });

  it('answers 429 to the 11th wrong guess in an hour, even with a valid code, and leaves the code unused', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token);
    const code = codes[0] ?? { id: '', code: '' };
    const student = await newStudent();
    for (let i = 0; i < 10; i++) {
      const res = await redeem(student.token, `WRNG-GSS${'ABCDEFGHJK'[i]}-2345`);
      expect(res.statusCode).toBe(400);
    }
    const blocked = await redeem(student.token, code.code);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: TOO_MANY });
    expect((await codeRow(code.id)).redeemedAt).toBeNull();
    // Another student is not blocked by this one's guesses.
    const other = await newStudent();
    expect((await redeem(other.token, code.code)).statusCode).toBe(200);
  });

  it('counts only failed tries: a success in between does not use one up', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token);
    const student = await newStudent();
    for (let i = 0; i < 9; i++) {
      expect((await redeem(student.token, 'nope')).statusCode).toBe(400);
    }
    expect((await redeem(student.token, codes[0]?.code ?? '')).statusCode).toBe(200);
    expect((await redeem(student.token, 'nope')).statusCode).toBe(400);
    expect((await redeem(student.token, codes[1]?.code ?? '')).statusCode).toBe(429);
  });

  it('answers 429 after 30 failed tries from one address, whoever tries', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token);
    const guessers = await Promise.all([newStudent(), newStudent(), newStudent()]);
    for (const guesser of guessers) {
      for (let i = 0; i < 10; i++) {
        expect((await redeem(guesser.token, 'nope', '10.0.0.7')).statusCode).toBe(400);
      }
    }
    const fresh = await newStudent();
    expect((await redeem(fresh.token, codes[0]?.code ?? '', '10.0.0.7')).statusCode).toBe(429);
    expect((await redeem(fresh.token, codes[0]?.code ?? '', '10.0.0.8')).statusCode).toBe(200);
  });

  it('needs a signed-in student', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/payment/redeem-code',
      payload: { code: codes[0]?.code },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await redeem(admin.token, codes[0]?.code ?? '')).statusCode).toBe(401);
  });
});

describe('revoking', () => {
  it('revokes only the unused codes of a batch, audited, and only once', async () => {
    const admin = await signedIn();
    const { batch, codes } = await createBatch(admin.token, { count: 3 });
    const student = await newStudent();
    expect((await redeem(student.token, codes[0]?.code ?? '')).statusCode).toBe(200);

    const res = await call(admin.token, 'POST', `/api/admin/codeBatch/revoke/?id=${batch._id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Batch revoked: 2 unused codes revoked.',
      data: { _id: batch._id, revokedAt: expect.any(String), redeemedCount: 1 },
    });
    const rows = await t.db
      .selectFrom('accessCodes')
      .select(['redeemedAt', 'revokedAt'])
      .where('batchId', '=', batch._id)
      .execute();
    expect(rows.filter((r) => r.revokedAt !== null)).toHaveLength(2);
    expect(rows.filter((r) => r.redeemedAt !== null && r.revokedAt === null)).toHaveLength(1);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['targetId', 'details'])
      .where('action', '=', 'codeBatch.revoke')
      .execute();
    expect(audit).toEqual([
      { targetId: batch._id, details: expect.objectContaining({ batchId: batch._id, revokedCodes: 2 }) },
    ]);
    const again = await call(admin.token, 'POST', `/api/admin/codeBatch/revoke/?id=${batch._id}`);
    expect(again.statusCode).toBe(409);
  });

  it('revokes one code by its text as typed, refuses a redeemed one, audited', async () => {
    const admin = await signedIn();
    const { codes } = await createBatch(admin.token, { count: 2 });
    const [first, second] = codes;
    const res = await call(
      admin.token,
      'POST',
      `/api/admin/code/revoke/?code=${encodeURIComponent(sloppy(first?.code ?? ''))}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await codeRow(first?.id ?? '')).revokedAt).not.toBeNull();
    const student = await newStudent();
    expect((await redeem(student.token, second?.code ?? '')).statusCode).toBe(200);
    const redeemed = await call(admin.token, 'POST', `/api/admin/code/revoke/?id=${second?.id}`);
    expect(redeemed.statusCode).toBe(409);
    expect(
      await t.db
        .selectFrom('auditLog')
        .select('targetId')
        .where('action', '=', 'accessCode.revoke')
        .execute(),
    ).toEqual([{ targetId: first?.id }]);
  });
});

describe('access code permissions', () => {
  it('lets code:read list and export but not generate or revoke', async () => {
    const admin = await signedIn();
    const { batch, codes } = await createBatch(admin.token);
    const reader = await signedIn([['code', 'read']]);
    expect((await call(reader.token, 'GET', '/api/admin/codeBatch/')).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', `/api/admin/codeBatch/export/?id=${batch._id}`)).statusCode).toBe(
      200,
    );
    const create = await call(reader.token, 'POST', '/api/admin/codeBatch/create/', {
      label: 'x',
      attempts: 1,
      phaseId: null,
      count: 1,
    });
    expect(create.statusCode).toBe(403);
    expect(
      (await call(reader.token, 'POST', `/api/admin/codeBatch/revoke/?id=${batch._id}`)).statusCode,
    ).toBe(403);
    expect((await call(reader.token, 'POST', `/api/admin/code/revoke/?id=${codes[0]?.id}`)).statusCode).toBe(
      403,
    );
    expect((await codeRow(codes[0]?.id ?? '')).revokedAt).toBeNull();
  });

  it('answers 403 to staff without code:read and 401 to a student token', async () => {
    const other = await signedIn([['promoCode', 'read']]);
    expect((await call(other.token, 'GET', '/api/admin/codeBatch/')).statusCode).toBe(403);
    const student = await newStudent();
    expect((await call(student.token, 'GET', '/api/admin/codeBatch/')).statusCode).toBe(401);
  });
});
