import { describe, expect, it } from 'vitest';
import { makePhase } from '../../test/helpers.js';
import { pakistanTime } from '../src/lib/time.js';
import {
  CODE_FORMAT,
  call,
  codeRow,
  createBatch,
  newStudent,
  redeem,
  signedIn,
  sloppy,
  t,
} from './access-codes.fixtures.js';

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
    expect(lines[0]).toBe('Batch,Code,Status,Redeemed (PKT),Student number');
    const rows = new Map(lines.slice(1).map((line) => [line.split(',')[1], line.split(',')]));
    expect(rows.size).toBe(3);
    const redeemedAt = pakistanTime((await codeRow(redeemed?.id ?? '')).redeemedAt!);
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
  it('lets code:read list but not export, generate or revoke; export needs code:export', async () => {
    const admin = await signedIn();
    const { batch, codes } = await createBatch(admin.token);
    const reader = await signedIn([['code', 'read']]);
    expect((await call(reader.token, 'GET', '/api/admin/codeBatch/')).statusCode).toBe(200);
    const exported = await call(reader.token, 'GET', `/api/admin/codeBatch/export/?id=${batch._id}`);
    expect(exported.statusCode).toBe(403);
    expect(exported.json()).toMatchObject({ message: expect.any(String) });
    expect(exported.body).not.toContain(codes[0]?.code ?? '-');
    const exporter = await signedIn([
      ['code', 'read'],
      ['code', 'export'],
    ]);
    expect(
      (await call(exporter.token, 'GET', `/api/admin/codeBatch/export/?id=${batch._id}`)).statusCode,
    ).toBe(200);
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
