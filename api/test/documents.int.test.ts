import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  deleteRedisKeys,
  formData,
  loginStaff,
  makeGrade,
  makeStaff,
  setFlags,
  signedUpStudent,
  signupBody,
  useTestContext,
} from '../../test/helpers.js';
import { checkPdf } from '../src/modules/documents/pdf-check.js';
import { buildPdf, cleanPdf, hostilePdfs } from './pdf-fixtures.js';

const t = useTestContext({ resetEachTest: true });
let gradeId: string;

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  gradeId = (await makeGrade(t.db)).id;
  await setFlags(t.db, {
    isRegistrationEnabled: true,
    isEmailVerificationEnabled: true,
    documentAcceptanceRequired: true,
  });
});

async function student() {
  const { id, token } = await signedUpStudent(t, gradeId);
  return { id, headers: bearer(token) };
}

const multipart = (kind: string, name: string, content: Buffer, type?: string) =>
  formData({ kind }, { name, content, ...(type === undefined ? {} : { type }) });

async function upload(headers: Record<string, string>, kind: string, filename: string, content: Buffer) {
  const form = multipart(kind, filename, content);
  return t.app.inject({
    method: 'POST',
    url: '/api/student/documents',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
}

const photoWithGps = () =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 220, b: 240 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam', Copyright: 'Home address 12 Mall Road' } })
    .toBuffer();

describe('verification documents', () => {
  it('re-encodes a photo, strips its metadata and puts the student in the verification list', async () => {
    const s = await student();
    const original = await photoWithGps();
    expect(original.includes(Buffer.from('Mall Road'))).toBe(true);
    const res = await upload(s.headers, 'SCHOOL_ID', 'card.jpg', original);
    expect(res.statusCode).toBe(201);
    const { _id } = res.json<{ data: { _id: string } }>().data;
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/student/documents/${_id}/file`,
      headers: s.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toMatch(/filename="document-/);
    expect(file.rawPayload.includes(Buffer.from('Mall Road'))).toBe(false);
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    const profile = await t.app.inject({ method: 'GET', url: '/api/student/profile', headers: s.headers });
    expect(profile.json<{ data: { verification: unknown } }>().data.verification).toEqual({
      status: 'PENDING',
      reason: null,
      documentUploaded: true,
    });
  });

  it('judges the type by content, not by name: a script called card.jpg is refused', async () => {
    const s = await student();
    const res = await upload(s.headers, 'SCHOOL_ID', 'card.jpg', Buffer.from('<script>alert(1)</script>'));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/photo|PDF/);
  });

  it('refuses files over 5 MB with 413', async () => {
    const s = await student();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024 + 10, 0x20)]);
    expect((await upload(s.headers, 'B_FORM', 'b-form.pdf', big)).statusCode).toBe(413);
  });

  it('accepts a plain PDF, stores the copy written from its checked objects and serves it as an attachment', async () => {
    const s = await student();
    const original = Buffer.concat([cleanPdf(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const ok = await upload(s.headers, 'B_FORM', 'b-form.pdf', original);
    expect(ok.statusCode).toBe(201);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/student/documents/${ok.json<{ data: { _id: string } }>().data._id}/file`,
      headers: s.headers,
    });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment/);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.includes('<script>')).toBe(false);
  });

  it.each(Object.keys(hostilePdfs).filter((name) => name !== 'garbage'))(
    'refuses a PDF with active content (%s) and says why',
    async (name) => {
      const s = await student();
      const res = await upload(
        s.headers,
        'B_FORM',
        'b-form.pdf',
        hostilePdfs[name as keyof typeof hostilePdfs](),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        'This PDF contains scripts, attachments or automatic actions. Please upload a plain scan or a photo.',
      );
      const stored = await t.db
        .selectFrom('studentDocuments')
        .select('id')
        .where('studentId', '=', s.id)
        .execute();
      expect(stored).toEqual([]);
    },
  );

  it('refuses a file that starts like a PDF but cannot be read', async () => {
    const s = await student();
    const res = await upload(s.headers, 'B_FORM', 'b-form.pdf', hostilePdfs.garbage());
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(
      'This PDF could not be read. Please save it again as a PDF, or upload a photo of the document.',
    );
  });

  it('refuses a password-protected PDF', async () => {
    const s = await student();
    const encrypted = buildPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
      ],
      { trailer: '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>' },
    );
    const res = await upload(s.headers, 'B_FORM', 'b-form.pdf', encrypted);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/password/);
  });

  it('refuses a PDF whose check runs past its deadline (the checking process is killed)', async () => {
    // Thousands of objects: far more than 1 ms of work, however the machine is loaded (a one-page
    // file could be answered before a busy parent's 1 ms timer fires).
    const busy = cleanPdf(
      {},
      Array.from({ length: 15_000 }, (_, i) => `<< /N ${i} /A [1 2 3 4 5 6 7 8] >>`),
    );
    await expect(checkPdf(busy, 1)).rejects.toMatchObject({
      statusCode: 400,
      message: 'This PDF is too large or complex to check. Please upload a simpler scan or a photo.',
    });
    await expect(checkPdf(cleanPdf())).resolves.toBeInstanceOf(Buffer);
  });

  it("never serves one student another student's document (404)", async () => {
    const a = await student();
    const b = await student();
    const res = await upload(a.headers, 'SCHOOL_ID', 'card.jpg', await photoWithGps());
    const id = res.json<{ data: { _id: string } }>().data._id;
    const other = await t.app.inject({
      method: 'GET',
      url: `/api/student/documents/${id}/file`,
      headers: b.headers,
    });
    expect(other.statusCode).toBe(404);
  });
});

describe('student verification by staff', () => {
  it('lists pending students, shows the document, and records a rejection the student sees, then an approval', async () => {
    const s = await student();
    const doc = await upload(s.headers, 'SCHOOL_ID', 'card.jpg', await photoWithGps());
    const verifier = await loginStaff(
      t.app,
      await makeStaff(t.db, {
        permissions: [
          ['studentVerification', 'read'],
          ['studentVerification', 'update'],
        ],
      }),
    );
    const headers = bearer(verifier.accessToken);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/studentVerification/detail/?page=1&limit=10',
      headers,
    });
    expect(list.json()).toMatchObject({
      totalStudents: 1,
      currentPage: 1,
      itemsPerPage: 10,
      data: [{ _id: s.id, status: 'PENDING' }],
    });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/studentVerification/detail/?id=${s.id}`,
      headers,
    });
    expect(detail.json<{ data: { documents: unknown[] } }>().data.documents).toHaveLength(1);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/studentVerification/document/?id=${doc.json<{ data: { _id: string } }>().data._id}`,
      headers,
    });
    expect(file.statusCode).toBe(200);

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/update/?id=${s.id}`,
      headers,
      payload: { status: 'REJECTED' },
    });
    expect(noReason.statusCode).toBe(400);
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/update/?id=${s.id}`,
      headers,
      payload: { status: 'REJECTED', reason: 'The photo is blurred' },
    });
    expect(reject.json()).toMatchObject({ message: 'Verification rejected' });
    const rejected = await t.app.inject({ method: 'GET', url: '/api/student/profile', headers: s.headers });
    expect(
      rejected.json<{ data: { verification: unknown; isProfileCompleted: boolean } }>().data,
    ).toMatchObject({
      verification: { status: 'REJECTED', reason: 'The photo is blurred' },
      isProfileCompleted: false,
    });

    await upload(s.headers, 'SCHOOL_ID', 'card-2.jpg', await photoWithGps());
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/update/?id=${s.id}`,
      headers,
      payload: { status: 'APPROVED' },
    });
    expect(approve.json()).toMatchObject({ message: 'Student verified', data: { status: 'APPROVED' } });
    const approved = await t.app.inject({ method: 'GET', url: '/api/student/me', headers: s.headers });
    expect(approved.json()).toMatchObject({ isProfileCompleted: true });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', 'like', 'studentVerification.%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'studentVerification.approve',
      'studentVerification.reject',
    ]);
  });

  it('refuses staff who may only read verifications from deciding them', async () => {
    const s = await student();
    const reader = await loginStaff(
      t.app,
      await makeStaff(t.db, { permissions: [['studentVerification', 'read']] }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/update/?id=${s.id}`,
      headers: bearer(reader.accessToken),
      payload: { status: 'APPROVED' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('adds a student to the verification list once', async () => {
    const s = await student();
    const staff = await loginStaff(t.app, await makeStaff(t.db, { superAdmin: true }));
    const headers = bearer(staff.accessToken);
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/add/?id=${s.id}`,
      headers,
    });
    expect(first.json()).toMatchObject({ message: 'Student Added to Verification List' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/add/?id=${s.id}`,
      headers,
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('e-mail confirmed by staff', () => {
  it('marks the e-mail verified on the student’s behalf, as autoEmailVerified, once', async () => {
    const body = signupBody(gradeId);
    await t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
    const row = await t.db
      .selectFrom('students')
      .select('id')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    const staff = await loginStaff(
      t.app,
      await makeStaff(t.db, { permissions: [['studentVerification', 'update']] }),
    );
    const headers = bearer(staff.accessToken);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/verifyEmail/?id=${row.id}`,
      headers,
    });
    expect(res.json()).toMatchObject({ data: { emailVerified: true, autoEmailVerified: true } });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/studentVerification/verifyEmail/?id=${row.id}`,
      headers,
    });
    expect(again.statusCode).toBe(409);
  });
});
