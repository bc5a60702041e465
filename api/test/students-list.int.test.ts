import type { Action, Module, StudentListPage } from '@riyazi/api/contracts';
import { STUDENT_FILTER_KEYS, STUDENT_MESSAGES } from '@riyazi/api/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  type Method,
  makeGrade,
  makePhase,
  makePlay,
  makeQuiz,
  makeStudent,
  type StaffFactoryOptions,
  type StudentValues,
  setFlags,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const STUDENT_ALL: [Module, Action][] = [
  ['student', 'read'],
  ['student', 'create'],
  ['student', 'update'],
  ['student', 'delete'],
];

const signedIn = (options: StaffFactoryOptions = { permissions: STUDENT_ALL }) => signedInStaff(t, options);

const call = authorizedCall(t);

const newStudent = (values: StudentValues = {}) =>
  makeStudent(t.db, { fullName: 'Ali Raza', emailVerified: false, ...values });

async function list(token: string, query = ''): Promise<StudentListPage> {
  const res = await call(token, 'GET', `/api/student/detail/?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StudentListPage>();
}

const names = (page: StudentListPage) => page.data.map((s) => s.fullName).sort();

/** A world: two grades, a phase 1 and 2 with a contest quiz each, and named students. */
async function world() {
  const grade5 = await makeGrade(t.db, 5);
  const grade6 = await makeGrade(t.db, 6);
  const phase1 = await makePhase(t.db, 1);
  const phase2 = await makePhase(t.db, 2);
  const quiz1 = await makeQuiz(t.db, { gradeIds: [grade5.id, grade6.id], phaseId: phase1.id });
  const practice = await makeQuiz(t.db, {
    gradeIds: [grade5.id, grade6.id],
    phaseId: phase1.id,
    kind: 'PRACTICE',
  });
  const ayesha = await newStudent({
    fullName: 'Ayesha Khan',
    fatherName: 'Imran Khan',
    email: 'ayesha.khan@lgs.edu.pk',
    phone: '03001234567',
    gender: 'FEMALE',
    city: 'Lahore',
    schoolName: 'Lahore Grammar School',
    gradeId: grade5.id,
    referralSource: 'School',
    shortDescription: 'BATCH-A',
    emailVerified: true,
    contestAttempts: 2,
    codeEntered: true,
    createdAt: new Date('2026-11-01T19:30:00Z'), // 2 Nov 00:30 in Pakistan
  });
  const bilal = await newStudent({
    fullName: 'Bilal Ahmed',
    fatherName: 'Tariq Ahmed',
    phone: '03211112222',
    gender: 'MALE',
    city: 'Karachi',
    schoolName: 'Karachi Public School',
    gradeId: grade6.id,
    referralSource: 'Friend',
    registeredThroughBulk: true,
    autoEmailVerified: true,
    emailVerified: true,
    createdAt: new Date('2026-11-02T18:30:00Z'), // 2 Nov 23:30 in Pakistan
  });
  const sana = await newStudent({
    fullName: 'Sana Ali',
    gender: 'OTHER',
    city: 'Lahore',
    gradeId: grade5.id,
    isActive: false,
    contestAttempts: 1,
    createdAt: new Date('2026-11-02T19:30:00Z'), // 3 Nov 00:30 in Pakistan
  });
  // Ayesha: two contest plays and one practice; rank 1 in phase 1, 5 in phase 2. Bilal: rank 120 in
  // phase 1 and 25 in phase 2, so each topper cut and each phase number decides who is in.
  await makePlay(t.db, {
    quizId: quiz1.id,
    phaseId: phase1.id,
    gradeId: grade5.id,
    studentId: ayesha.id,
    answers: [],
  });
  await makePlay(t.db, {
    quizId: quiz1.id,
    phaseId: phase1.id,
    gradeId: grade5.id,
    studentId: ayesha.id,
    answers: [],
  });
  await makePlay(t.db, {
    quizId: practice.id,
    phaseId: phase1.id,
    gradeId: grade5.id,
    studentId: ayesha.id,
    kind: 'PRACTICE',
    answers: [],
  });
  await makePlay(t.db, {
    quizId: practice.id,
    phaseId: phase1.id,
    gradeId: grade6.id,
    studentId: bilal.id,
    kind: 'PRACTICE',
    status: 'CANCELLED',
    answers: [],
  });
  const standing = (phaseId: string, gradeId: string, studentId: string, rank: number, score: number) => ({
    phaseId,
    gradeId,
    studentId,
    playId: studentId,
    score,
    totalTimeMs: 1000,
    finishedAt: new Date(),
    rank,
  });
  await t.db
    .insertInto('phaseStandings')
    .values([
      standing(phase1.id, grade5.id, ayesha.id, 1, 14.5),
      standing(phase2.id, grade5.id, ayesha.id, 5, 12),
      standing(phase1.id, grade6.id, bilal.id, 120, 3),
      standing(phase2.id, grade6.id, bilal.id, 25, 2),
    ])
    .execute();
  await t.db
    .insertInto('attemptGrants')
    .values([
      { studentId: ayesha.id, attempts: 1, source: 'ADMIN', createdAt: new Date('2026-11-03T10:00:00Z') },
      { studentId: ayesha.id, attempts: 2, source: 'PAYMENT', createdAt: new Date('2026-11-04T10:00:00Z') },
      { studentId: ayesha.id, attempts: 2, source: 'CODE', createdAt: new Date('2026-11-05T10:00:00Z') },
    ])
    .execute();
  await t.db
    .insertInto('studentDocuments')
    .values({
      studentId: bilal.id,
      kind: 'SCHOOL_ID',
      storageKey: `${crypto.randomUUID()}.jpg`,
      contentType: 'image/jpeg',
      sizeBytes: 10,
    })
    .execute();
  return { grade5, grade6, phase1, phase2, quiz1, ayesha, bilal, sana };
}

/** Each filter alone (and empty values), against world(): every case narrows the three students. */
const FILTER_CASES: [string, string[]][] = [
  ['fullName=ayesha', ['Ayesha Khan']],
  ['fullName=A%25', []],
  ['fatherName=AHMED', ['Bilal Ahmed']],
  ['email=KHAN@LGS', ['Ayesha Khan']],
  ['email=STUDENT-', ['Bilal Ahmed', 'Sana Ali']],
  ['phone=1234', ['Ayesha Khan']],
  ['phone=0300-123', ['Ayesha Khan']],
  ['gender=OTHER', ['Sana Ali']],
  ['gender=MALE', ['Bilal Ahmed']],
  ['city=lahore', ['Ayesha Khan', 'Sana Ali']],
  ['schoolName=public', ['Bilal Ahmed']],
  ['documentUploaded=true', ['Bilal Ahmed']],
  ['documentUploaded=false', ['Ayesha Khan', 'Sana Ali']],
  ['referralSource=friend', ['Bilal Ahmed']],
  ['isActive=false', ['Sana Ali']],
  ['isActive=true', ['Ayesha Khan', 'Bilal Ahmed']],
  ['emailVerified=false', ['Sana Ali']],
  ['emailVerified=true', ['Ayesha Khan', 'Bilal Ahmed']],
  ['signedUpFrom=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed', 'Sana Ali']],
  ['signedUpFrom=2026-11-03', ['Sana Ali']],
  ['signedUpTo=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed']],
  ['signedUpFrom=2026-11-02&signedUpTo=2026-11-02', ['Ayesha Khan', 'Bilal Ahmed']],
  ['codeEntered=true', ['Ayesha Khan']],
  ['codeEntered=false', ['Bilal Ahmed', 'Sana Ali']],
  ['contestAttemptsRemaining=1', ['Sana Ali']],
  ['contestAttemptsRemaining=0', ['Bilal Ahmed']],
  ['contestPlayed=true', ['Ayesha Khan']],
  ['contestPlayed=false', ['Bilal Ahmed', 'Sana Ali']],
  ['contestPlayed=2', ['Ayesha Khan']],
  ['contestPlayed=1', []],
  ['practicePlayed=true', ['Ayesha Khan']],
  ['practicePlayed=0', ['Bilal Ahmed', 'Sana Ali']],
  ['phase1Toppers=100', ['Ayesha Khan']],
  ['phase1Toppers=150', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase1Toppers=200', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase2Toppers=10', ['Ayesha Khan']],
  ['phase2Toppers=20', ['Ayesha Khan']],
  ['phase2Toppers=30', ['Ayesha Khan', 'Bilal Ahmed']],
  ['phase1Rank=120', ['Bilal Ahmed']],
  ['phase1Rank=25', []],
  ['phase2Rank=5', ['Ayesha Khan']],
  ['phase2Rank=25', ['Bilal Ahmed']],
  ['phase2Rank=1', []],
  ['shortDescription=batch', ['Ayesha Khan']],
  ['autoEmailVerified=true', ['Bilal Ahmed']],
  ['autoEmailVerified=false', ['Ayesha Khan', 'Sana Ali']],
  ['registeredThroughBulk=true', ['Bilal Ahmed']],
  ['registeredThroughBulk=false', ['Ayesha Khan', 'Sana Ali']],
  ['fullName=&city=', ['Ayesha Khan', 'Bilal Ahmed', 'Sana Ali']],
];

describe('GET /api/student/detail/', () => {
  it('returns the list envelope with every row field, newest sign-up first', async () => {
    const w = await world();
    await setFlags(t.db, { contestQuizPhase: w.phase1.id });
    const staff = await signedIn();
    const page = await list(staff.token, 'page=1&limit=2');
    expect(page).toMatchObject({ totalStudents: 3, currentPage: 1, totalPages: 2, itemsPerPage: 2 });
    expect(page.addWinner).toBe(true);
    expect(page.phaseId).toBe(w.phase1.id);
    expect(page.gradeList).toEqual([
      { _id: w.grade5.id, title: 'Grade 5' },
      { _id: w.grade6.id, title: 'Grade 6' },
    ]);
    expect(page.data.map((s) => s.fullName)).toEqual(['Sana Ali', 'Bilal Ahmed']);
    const last = await list(staff.token, 'page=2&limit=2');
    const ayesha = last.data[0];
    expect(ayesha).toEqual({
      _id: w.ayesha.id,
      studentId: Number(w.ayesha.studentNo),
      fullName: 'Ayesha Khan',
      shortDescription: 'BATCH-A',
      email: w.ayesha.email,
      city: 'Lahore',
      grade: { _id: w.grade5.id, title: 'Grade 5' },
      emailVerified: true,
      schoolName: 'Lahore Grammar School',
      phone: '03001234567',
      contestCount: 2,
      practiceCount: 1,
      createdAt: '2026-11-01T19:30:00.000Z',
      contestAttempts: { count: 2, createdAt: '2026-11-04T10:00:00.000Z' },
      codeEntered: true,
      rankAndScorePhase1: { topScore: 14.5, currentRank: 1 },
      rankAndScorePhase2: { topScore: 12, currentRank: 5 },
      rankAndScorePhase3: null,
      isActive: true,
    });
  });

  it('offers no winner when the contest phase has no standings or no phase is set', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(await list(staff.token)).toMatchObject({ addWinner: false, phaseId: null });
    const phase3 = await makePhase(t.db, 3);
    await setFlags(t.db, { contestQuizPhase: phase3.id });
    expect(await list(staff.token)).toMatchObject({ addWinner: false, phaseId: phase3.id });
    expect(w).toBeDefined();
  });

  it.each(FILTER_CASES)('filters %s', async (query, expected) => {
    await world();
    const staff = await signedIn();
    const page = await list(staff.token, query);
    expect(names(page)).toEqual(expected);
    expect(page.totalStudents).toBe(expected.length);
  });

  it('has a case for every spec filter that leaves someone out, so an ignored filter fails', () => {
    const narrowing = new Set(
      FILTER_CASES.filter(([query, expected]) => !query.includes('&') && expected.length < 3).map(
        ([query]) => query.split('=')[0],
      ),
    );
    // studentId and grade take ids made per test: the next test covers them.
    const missing = STUDENT_FILTER_KEYS.filter(
      (key) => !narrowing.has(key) && key !== 'studentId' && key !== 'grade',
    );
    expect(missing).toEqual([]);
  });

  it('filters by studentId and grade', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(names(await list(staff.token, `studentId=${w.bilal.studentNo}`))).toEqual(['Bilal Ahmed']);
    expect(names(await list(staff.token, `grade=${w.grade5.id}`))).toEqual(['Ayesha Khan', 'Sana Ali']);
  });

  it('combines filters with AND', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(names(await list(staff.token, `grade=${w.grade5.id}&city=Lahore&isActive=true`))).toEqual([
      'Ayesha Khan',
    ]);
    expect(names(await list(staff.token, 'gender=FEMALE&phase1Toppers=200&contestPlayed=false'))).toEqual([]);
    expect(
      names(await list(staff.token, 'signedUpTo=2026-11-02&documentUploaded=true&practicePlayed=0')),
    ).toEqual(['Bilal Ahmed']);
  });

  it('refuses malformed filters with 400', async () => {
    const staff = await signedIn();
    for (const query of [
      'phase1Toppers=120',
      'gender=X',
      'isActive=yes',
      'signedUpFrom=2-11-2026',
      'grade=1',
    ]) {
      const res = await call(staff.token, 'GET', `/api/student/detail/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('needs student read', async () => {
    const staff = await signedIn({ permissions: [['users', 'read']] });
    expect((await call(staff.token, 'GET', '/api/student/detail/')).statusCode).toBe(403);
  });
});

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
