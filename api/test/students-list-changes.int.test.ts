import { STUDENT_MESSAGES } from '@riyazi/api/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Method } from '../../test/helpers.js';
import { call, list, newStudent, signedIn, t, world } from './students-list.fixtures.js';

describe('student changes', () => {
  const auditOf = (action: string) =>
    t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId', 'details'])
      .where('action', '=', action)
      .execute();

  it('creates a student, audits it, and refuses a duplicate e-mail with 409', async () => {
    const staff = await signedIn();
    const body = {
      fullName: 'Hina Shah',
      email: 'Hina@Example.com',
      password: 'Numbers-are-fun-1',
      isActive: true,
    };
    const res = await call(staff.token, 'POST', '/api/student/create/', body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      message: STUDENT_MESSAGES.added,
      data: { fullName: 'Hina Shah', email: 'hina@example.com', isActive: true, contestCount: 0 },
    });
    const [audit] = await auditOf('student.create');
    expect(audit).toMatchObject({ actorId: staff.id, targetId: res.json().data._id });
    const again = await call(staff.token, 'POST', '/api/student/create/', {
      ...body,
      email: 'hina@example.com',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A student with this e-mail already exists');
  });

  it('applies the sign-up password rules', async () => {
    const staff = await signedIn();
    for (const password of ['short', '12345678', 'hina@example.com']) {
      const res = await call(staff.token, 'POST', '/api/student/create/', {
        fullName: 'Hina',
        email: 'hina@example.com',
        password,
        isActive: true,
      });
      expect(res.statusCode, password).toBe(400);
    }
  });

  it('updates the form fields and audits what changed', async () => {
    const staff = await signedIn();
    const s = await newStudent({ fullName: 'Old Name' });
    const other = await newStudent();
    const res = await call(staff.token, 'POST', `/api/student/update/ById/?id=${s.id}`, {
      fullName: 'New Name',
      email: 'new@example.com',
      password: '',
      isActive: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: STUDENT_MESSAGES.updated, data: { fullName: 'New Name' } });
    const [audit] = await auditOf('student.update');
    expect(audit?.details).toEqual({
      fullName: { from: 'Old Name', to: 'New Name' },
      email: { from: s.email, to: 'new@example.com' },
    });
    const clash = await call(staff.token, 'POST', `/api/student/update/ById/?id=${other.id}`, {
      email: 'NEW@example.com',
    });
    expect(clash.statusCode).toBe(409);
  });

  it("toggles the status from the strings 'true' and 'false'", async () => {
    const staff = await signedIn();
    const s = await newStudent();
    const off = await call(staff.token, 'POST', `/api/student/update/ById/?id=${s.id}`, {
      isActive: 'false',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ message: STUDENT_MESSAGES.statusUpdated, data: { isActive: false } });
    const on = await call(staff.token, 'POST', `/api/student/update/ById/?id=${s.id}`, { isActive: 'true' });
    expect(on.json().data.isActive).toBe(true);
    const bad = await call(staff.token, 'POST', `/api/student/update/ById/?id=${s.id}`, { isActive: 'yes' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers 404 for unknown ids', async () => {
    const staff = await signedIn();
    const id = crypto.randomUUID();
    expect(
      (await call(staff.token, 'POST', `/api/student/update/ById/?id=${id}`, { isActive: 'true' }))
        .statusCode,
    ).toBe(404);
    expect((await call(staff.token, 'DELETE', `/api/student/delete/?id=${id}`)).statusCode).toBe(404);
  });

  it('deletes a student without history', async () => {
    const staff = await signedIn();
    const s = await newStudent();
    const res = await call(staff.token, 'DELETE', `/api/student/delete/?id=${s.id}`);
    expect(res.json()).toEqual({ message: STUDENT_MESSAGES.deleted, anonymised: false });
    expect(
      await t.db.selectFrom('students').select('id').where('id', '=', s.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await auditOf('student.delete')).toHaveLength(1);
  });

  it('deactivates and anonymises a student with plays', async () => {
    const w = await world();
    const staff = await signedIn();
    const res = await call(staff.token, 'DELETE', `/api/student/delete/?id=${w.ayesha.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: STUDENT_MESSAGES.anonymised, anonymised: true });
    const row = await t.db
      .selectFrom('students')
      .select(['fullName', 'email', 'phone', 'fatherName', 'schoolName', 'isActive'])
      .where('id', '=', w.ayesha.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      fullName: 'Deleted student',
      email: `deleted-${w.ayesha.id}@invalid`,
      phone: null,
      fatherName: null,
      schoolName: null,
      isActive: false,
    });
    const plays = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM plays WHERE student_id = ${w.ayesha.id}`.execute(t.db);
    expect(plays.rows[0]?.n).toBe(3);
    expect(await auditOf('student.anonymise')).toHaveLength(1);
  });

  it('deactivates and anonymises a student whose only history is a payment, removing their documents', async () => {
    // No plays, grants or wins: the payment alone must keep the account.
    const payer = await newStudent({ fullName: 'Payment Only', phone: '03009998888' });
    const pkg = await t.db
      .insertInto('paymentPackages')
      .values({ name: 'Two', attempts: 2, pricePaisa: 50000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('payments')
      .values({
        orderRef: 'ORDER123',
        studentId: payer.id,
        packageId: pkg.id,
        gateway: 'sandbox',
        listPricePaisa: 50000,
        amountPaisa: 50000,
        attempts: 2,
      })
      .execute();
    await t.db
      .insertInto('studentDocuments')
      .values({
        studentId: payer.id,
        kind: 'SCHOOL_ID',
        storageKey: `${crypto.randomUUID()}.jpg`,
        contentType: 'image/jpeg',
        sizeBytes: 10,
      })
      .execute();
    const history = await sql<{ plays: number; grants: number }>`
      SELECT (SELECT count(*) FROM plays WHERE student_id = ${payer.id})::int AS plays,
             (SELECT count(*) FROM attempt_grants WHERE student_id = ${payer.id})::int AS grants`.execute(
      t.db,
    );
    expect(history.rows[0]).toEqual({ plays: 0, grants: 0 });

    const staff = await signedIn();
    const res = await call(staff.token, 'DELETE', `/api/student/delete/?id=${payer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: STUDENT_MESSAGES.anonymised, anonymised: true });
    const row = await t.db
      .selectFrom('students')
      .select(['fullName', 'phone', 'isActive'])
      .where('id', '=', payer.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fullName: 'Deleted student', phone: null, isActive: false });
    const docs = await t.db
      .selectFrom('studentDocuments')
      .select('id')
      .where('studentId', '=', payer.id)
      .execute();
    expect(docs).toEqual([]);
    expect(await auditOf('student.anonymise')).toHaveLength(1);
  });

  it('lets read-only staff neither add, edit, delete, export, reset, grant nor promote', async () => {
    const w = await world();
    const staff = await signedIn({ permissions: [['student', 'read']] });
    const s = await newStudent();
    const refused: [Method, string, object?][] = [
      [
        'POST',
        '/api/student/create/',
        { fullName: 'X', email: 'x@example.com', password: 'Numbers-are-fun-1' },
      ],
      ['POST', `/api/student/update/ById/?id=${s.id}`, { isActive: 'false' }],
      ['DELETE', `/api/student/delete/?id=${s.id}`],
      ['GET', '/api/student/downloadStudentCSV'],
      ['GET', '/api/admin/exports/'],
      ['POST', '/api/student/get-password', { studentId: s.id, password: staff.password }],
      ['POST', '/api/contestAttempts/create', { studentId: s.id, attempts: 1, reason: 'Because' }],
      [
        'POST',
        '/api/phaseWinner/create/manually',
        { password: staff.password, phaseId: w.phase1.id, winnerId: w.ayesha.id, gradeId: w.grade5.id },
      ],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(staff.token, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // What each call would have written: nothing was.
    expect((await list(staff.token, 'fullName=X')).totalStudents).toBe(0);
    expect(
      await t.db.selectFrom('students').select('isActive').where('id', '=', s.id).executeTakeFirst(),
    ).toEqual({ isActive: true });
    for (const table of ['backgroundJobs', 'accountTokens', 'phaseWinners'] as const) {
      expect(await t.db.selectFrom(table).select(sql.lit(1).as('one')).execute(), table).toEqual([]);
    }
    expect(
      await t.db.selectFrom('attemptGrants').select('id').where('studentId', '=', s.id).execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('auditLog').select('id').where('action', 'like', 'student.%').execute(),
    ).toEqual([]);
  });
});
