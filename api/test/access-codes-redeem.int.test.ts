import { describe, expect, it } from 'vitest';
import {
  call,
  codeRow,
  createBatch,
  newStudent,
  REFUSED,
  redeem,
  signedIn,
  sloppy,
  studentRow,
  TOO_MANY,
  t,
} from './access-codes.fixtures.js';

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
