import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  bearer,
  makeGrade,
  makeStudent,
  setFlags,
  signedInStaff,
  signedInStudent,
  signupBody,
} from '../../test/helpers.js';
import { NAME_PROBLEMS } from '../src/contracts/person-name.js';
// Its context (an empty database and no rate limits before each test) serves every test here.
import { csvOf, preview, student, t } from './bulk-upload.fixtures.js';

// Names that lie (#29): every place a name enters refuses bidi controls and invisible characters.
const call = authorizedCall(t);

const LYING = '\u202e1# :knaR';
const BLANK = '\u200b\u200b\u200b';
const URDU = 'ثناء\u200cاللہ خان';
const HIDDEN = NAME_PROBLEMS.hidden;

interface Refusal {
  message: string;
  errors: Record<string, string>;
}

const refusal = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  return res.json() as Refusal;
};

const studentName = async (email: string) =>
  (
    await t.db
      .selectFrom('students')
      .select(['fullName', 'fatherName', 'schoolName'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).fullName;

describe('sign-up and profile', () => {
  it('sign-up refuses an overriding or blank name with a 400 naming the field, and takes an Urdu name', async () => {
    await setFlags(t.db, { isRegistrationEnabled: true });
    const { id: gradeId } = await makeGrade(t.db, 3);
    const post = (body: object) =>
      t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });

    const lying = refusal(
      await post(signupBody(gradeId, { fullName: LYING, schoolName: 'City\u2066 School' })),
    );
    expect(lying.message).toBe(`fullName: ${HIDDEN}`);
    expect(lying.errors).toEqual({ fullName: HIDDEN, schoolName: HIDDEN });
    expect(refusal(await post(signupBody(gradeId, { fatherName: BLANK }))).errors).toEqual({
      fatherName: HIDDEN,
    });

    const urdu = signupBody(gradeId, { fullName: ` ${URDU} `, fatherName: 'عبدالرحمٰن' });
    expect((await post(urdu)).statusCode).toBe(201);
    expect(await studentName(urdu.email)).toBe(URDU);
  });

  it('a student cannot put a hidden character in their profile; the message comes in Urdu when asked', async () => {
    const { id: gradeId } = await makeGrade(t.db, 3);
    const me = await signedInStudent(t, { gradeId });
    const body = { ...signupBody(gradeId), email: me.email, fullName: 'Sana\u200b Iqbal' };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/profile',
      headers: { ...bearer(me.token), 'accept-language': 'ur' },
      payload: body,
    });
    expect(refusal(res).errors.fullName).toBe(
      'نظر نہ آنے والے حروف یا لکھنے کی سمت بدلنے والے نشانوں کے بغیر لکھیں',
    );
    expect(await studentName(me.email)).toBe(me.fullName);
  });
});

describe('staff', () => {
  it('staff cannot add or rename a student with a hidden character', async () => {
    const admin = await signedInStaff(t);
    const add = await call(admin.token, 'POST', '/api/student/create/', {
      fullName: LYING,
      email: 'new.student@example.com',
      password: 'Maths-is-fun-2026',
      isActive: true,
    });
    expect(refusal(add).errors).toEqual({ fullName: HIDDEN });

    const existing = await makeStudent(t.db, { fullName: 'Ali Raza' });
    const rename = await call(admin.token, 'POST', `/api/student/update/ById/?id=${existing.id}`, {
      fullName: BLANK,
    });
    expect(refusal(rename).message).toBe(`fullName: ${HIDDEN}`);
    const onlyMarks = await call(admin.token, 'POST', `/api/student/update/ById/?id=${existing.id}`, {
      fullName: '\u0301\u0301',
    });
    expect(refusal(onlyMarks).errors).toEqual({ fullName: NAME_PROBLEMS.noLetter });
    expect(await studentName(existing.email)).toBe('Ali Raza');
  });

  it("a staff member's name is checked the same way when added or changed", async () => {
    const admin = await signedInStaff(t);
    const role = await t.db
      .selectFrom('staffUsers')
      .select('roleId')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    const add = (username: string) =>
      call(admin.token, 'POST', '/api/staffUser/create/', {
        email: `x${Math.random().toString(36).slice(2)}@riyazi.pk`,
        username,
        password: 'a long secret 123',
        roleId: role.roleId,
      });
    expect(refusal(await add('\u2067Admin\u2069')).errors).toEqual({ username: HIDDEN });
    expect((await add('عائشہ صدیقی')).statusCode).toBe(201);
    const rename = await call(admin.token, 'POST', `/api/staffUser/update/?id=${admin.id}`, {
      username: `Admin${BLANK}`,
    });
    expect(refusal(rename).errors).toEqual({ username: HIDDEN });
  });

  it('a bulk upload marks rows with hidden characters in a name as invalid, naming the column', async () => {
    const admin = await signedInStaff(t);
    await makeGrade(t.db, 3);
    const res = await preview(
      admin.token,
      csvOf([
        student(1, { fullName: LYING }),
        student(2, { fatherName: BLANK }),
        student(3, { schoolName: 'City\u00ad School' }),
        student(4, { fullName: URDU }),
      ]),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json<{ valid: number; invalid: number; rows: { row: number; errors: object }[] }>();
    expect(body).toMatchObject({ valid: 1, invalid: 3 });
    expect(body.rows.map((r) => r.errors)).toEqual([
      { fullName: HIDDEN },
      { fatherName: HIDDEN },
      { schoolName: HIDDEN },
      {},
    ]);
  });
});
