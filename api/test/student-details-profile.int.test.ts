import { hashPassword } from '@riyazi/db';
import { describe, expect, it } from 'vitest';
import { bearer, makeGrade, makePlay } from '../../test/helpers.js';
import {
  adminToken,
  get,
  NEW_PASSWORD,
  newStudent,
  OLD_PASSWORD,
  quizWorld,
  t,
} from './student-details.fixtures.js';

describe('GET /api/student/detail/byAdmin', () => {
  it('returns the profile, attempts with their sources, payments, plays and ranks, without a password hash', async () => {
    const w = await quizWorld();
    const student = await newStudent(w.grade.id);
    const { staff, token } = await adminToken({ superAdmin: true });
    const pkg = await t.db
      .insertInto('paymentPackages')
      .values({ name: 'Two attempts', attempts: 2, pricePaisa: 90_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = await t.db
      .insertInto('payments')
      .values({
        orderRef: 'RZORDER123',
        studentId: student.id,
        packageId: pkg.id,
        gateway: 'sandbox',
        listPricePaisa: 90_000,
        amountPaisa: 90_000,
        attempts: 2,
        status: 'PAID',
        paidAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const batch = await t.db
      .insertInto('accessCodeBatches')
      .values({ label: 'Lahore Grammar 2026', attempts: 1, codeCount: 1 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const code = await t.db
      .insertInto('accessCodes')
      .values({ batchId: batch.id, code: 'ABCD-EFGH-JKLM', redeemedBy: student.id, redeemedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('attemptGrants')
      .values([
        {
          studentId: student.id,
          attempts: 2,
          source: 'PAYMENT',
          paymentId: payment.id,
          createdAt: new Date(Date.now() - 3000),
        },
        {
          studentId: student.id,
          attempts: 1,
          source: 'CODE',
          accessCodeId: code.id,
          createdAt: new Date(Date.now() - 2000),
        },
      ])
      .execute();
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/contestAttempts/create',
      headers: bearer(token),
      payload: { studentId: student.id, attempts: 1, reason: 'Power cut during the contest' },
    });
    expect(grant.statusCode).toBe(200);
    await makePlay(t.db, {
      quizId: w.quiz.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      studentId: student.id,
      answers: [{ questionId: w.q1.id, selectedOptionIds: [w.q1.options[0]!], isCorrect: true }],
    });
    await makePlay(t.db, {
      quizId: w.practice.id,
      phaseId: w.phase.id,
      gradeId: w.grade.id,
      kind: 'PRACTICE',
      status: 'CANCELLED',
      studentId: student.id,
      answers: [{ questionId: w.q1.id }],
    });
    await t.db
      .insertInto('phaseStandings')
      .values({
        phaseId: w.phase.id,
        gradeId: w.grade.id,
        studentId: student.id,
        playId: payment.id,
        score: 12.5,
        totalTimeMs: 90_000,
        finishedAt: new Date(),
        rank: 3,
      })
      .execute();

    const res = await get(token, `/api/student/detail/byAdmin?id=${student.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/passwordHash|not-a-real-hash|\$argon2/);
    const { data } = res.json();
    expect(data.profile).toMatchObject({
      _id: student.id,
      studentId: student.studentNo,
      fullName: 'Sara Ahmed',
      fatherName: 'Ahmed Ali',
      gender: 'FEMALE',
      grade: { _id: w.grade.id, title: w.grade.title },
      shortDescription: 'BATCH-7',
      registeredThroughBulk: true,
      emailVerified: true,
      autoEmailVerified: false,
      isActive: true,
    });
    expect(data.verification).toMatchObject({
      status: 'NOT_SUBMITTED',
      canOpenDocuments: true,
      documents: [],
    });
    expect(data.attempts.contestAttempts).toBe(1);
    expect(data.attempts.grants).toEqual([
      expect.objectContaining({
        source: 'ADMIN',
        attempts: 1,
        reason: 'Power cut during the contest',
        staffName: expect.stringContaining('Staff'),
        orderRef: null,
      }),
      expect.objectContaining({ source: 'CODE', attempts: 1, codeBatch: 'Lahore Grammar 2026' }),
      expect.objectContaining({ source: 'PAYMENT', attempts: 2, orderRef: 'RZORDER123', staffName: null }),
    ]);
    expect(data.attempts.grants[0].staffName).toBe(
      (await t.db.selectFrom('staffUsers').select('username').where('id', '=', staff.id).executeTakeFirst())
        ?.username,
    );
    expect(data.payments).toEqual([
      expect.objectContaining({
        orderRef: 'RZORDER123',
        packageName: 'Two attempts',
        amountPkr: 900,
        status: 'PAID',
        gateway: 'sandbox',
      }),
    ]);
    expect(data.plays).toEqual({
      contest: { total: 1, finished: 1, inProgress: 0, cancelled: 0 },
      practice: { total: 1, finished: 0, inProgress: 0, cancelled: 1 },
    });
    expect(data.ranks).toEqual([
      expect.objectContaining({ phaseNumber: 1, rank: 3, score: 12.5, grade: w.grade.title }),
    ]);
  });

  it('says documents cannot be opened to staff without studentVerification:read', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, `/api/student/detail/byAdmin?id=${student.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.verification.canOpenDocuments).toBe(false);
  });

  it('answers 404 for an unknown student', async () => {
    const { token } = await adminToken({ permissions: [['student', 'read']] });
    const res = await get(token, '/api/student/detail/byAdmin?id=00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Student not found');
  });
});

describe('POST /api/student/get-password', () => {
  const issue = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/student/get-password',
      headers: bearer(token),
      payload,
    });

  it('refuses a wrong admin password with 403 and audits it, issuing nothing', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { staff, token } = await adminToken({ permissions: [['student', 'update']] });
    const res = await issue(token, { studentId: student.id, password: 'not my password' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Incorrect password');
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId'])
      .where('action', '=', 'student.issueResetLink.passwordRejected')
      .execute();
    expect(audit).toEqual([{ action: 'student.issueResetLink.passwordRejected', actorId: staff.id }]);
    const tokens = await t.db.selectFrom('accountTokens').select('id').execute();
    expect(tokens).toEqual([]);
  });

  it('pauses after five wrong passwords with 429', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { token } = await adminToken({ permissions: [['student', 'update']] });
    for (let i = 0; i < 5; i += 1) {
      expect((await issue(token, { studentId: student.id, password: 'wrong' })).statusCode).toBe(403);
    }
    expect((await issue(token, { studentId: student.id, password: 'wrong' })).statusCode).toBe(429);
  });

  it('returns a working 24 h reset link, e-mails it, audits it and never shows a password hash', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id, { passwordHash: await hashPassword(OLD_PASSWORD) });
    const { staff, token } = await adminToken({ permissions: [['student', 'update']] });
    const res = await issue(token, { studentId: student.id, password: staff.password });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/\$argon2|passwordHash/);
    const { link, expiresAt } = res.json();
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=/);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const mail = await t.db
      .selectFrom('mailMessages')
      .select(['template', 'toEmail', 'params'])
      .executeTakeFirstOrThrow();
    expect(mail).toMatchObject({ template: 'resetPassword', toEmail: student.email, params: { link } });
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId', 'details'])
      .where('action', '=', 'student.issueResetLink')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actorId: staff.id, targetId: student.id });
    expect(JSON.stringify(audit.details)).not.toContain(new URL(link).searchParams.get('token'));

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/student/reset-password',
      payload: { token: new URL(link).searchParams.get('token'), password: NEW_PASSWORD },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: student.email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/student/login',
      payload: { email: student.email, password: OLD_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/student/reset-password',
      payload: { token: new URL(link).searchParams.get('token'), password: 'Another-password-3' },
    });
    expect(again.statusCode).toBe(400);
  });

  it('answers 404 for an unknown student after a right password', async () => {
    const { staff, token } = await adminToken({ permissions: [['student', 'update']] });
    const res = await issue(token, {
      studentId: '00000000-0000-4000-8000-000000000000',
      password: staff.password,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('refuses the read calls to staff without student:read', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { token } = await adminToken({ permissions: [['studentVerification', 'read']] });
    for (const url of [
      `/api/student/detail/byAdmin?id=${student.id}`,
      `/api/student/quizList?id=${student.id}&type=CONTEST`,
      `/api/student/quizAttemptDetail?id=${student.id}`,
    ]) {
      expect((await get(token, url)).statusCode, url).toBe(403);
    }
  });

  it('lets staff with student:read only neither grant attempts nor issue a reset link', async () => {
    const grade = await makeGrade(t.db);
    const student = await newStudent(grade.id);
    const { staff, token } = await adminToken({ permissions: [['student', 'read']] });
    const headers = bearer(token);
    const grant = await t.app.inject({
      method: 'POST',
      url: '/api/contestAttempts/create',
      headers,
      payload: { studentId: student.id, attempts: 1, reason: 'Because' },
    });
    expect(grant.statusCode).toBe(403);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/student/get-password',
      headers,
      payload: { studentId: student.id, password: staff.password },
    });
    expect(link.statusCode).toBe(403);
    expect(await t.db.selectFrom('accountTokens').select('id').execute()).toEqual([]);
  });
});
