import { drawCertificate } from '@riyazi/api/certificates';
import { describe, expect, it } from 'vitest';
import { loginStaff, loginStudent, makeStaff, signedInStaff } from '../../test/helpers.js';
import type { Action, Module } from '../src/contracts/permissions.js';
import { certificatesOf, runPhase, seededPhase, storage, t } from './certificates.fixtures.js';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

/** A phase with its three certificates drawn, and a Super Admin's token. */
async function issued() {
  const s = await seededPhase();
  await runPhase(s.phase.id);
  const admin = await signedInStaff(t);
  const certs = await certificatesOf(s.phase.id);
  const of = (studentId: string) => {
    const found = certs.find((c) => c.studentId === studentId);
    if (!found) {
      throw new Error('no certificate');
    }
    return found;
  };
  return { ...s, admin, of };
}

const auditOf = (action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'targetId', 'details'])
    .where('action', '=', action)
    .execute();

describe('certificates in the back office', () => {
  it('lists a phase certificates with student, grade and level, and searches by name, number or code', async () => {
    const s = await issued();
    const all = await get(`/api/admin/certificates?phaseId=${s.phase.id}`, s.admin.token);
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 3, currentPage: 1, totalPages: 1, itemsPerPage: 20 });
    expect(all.json().options.phases.map((p: { _id: string }) => p._id)).toContain(s.phase.id);
    const winner = all.json().data.find((c: { kind: string }) => c.kind === 'WINNER');
    expect(winner).toMatchObject({
      code: s.of(s.winner.id).code,
      rank: 1,
      name: 'Fatima Malik',
      student: { _id: s.winner.id, studentNo: s.winner.studentNo, fullName: 'Fatima Malik' },
      grade: { _id: s.grade.id },
      phase: { _id: s.phase.id },
      languages: ['en', 'ur'],
      revokedAt: null,
    });
    const byName = await get(`/api/admin/certificates?phaseId=${s.phase.id}&search=ali%20ra`, s.admin.token);
    expect(byName.json().data.map((c: { student: { _id: string } }) => c.student._id)).toEqual([
      s.qualifier.id,
    ]);
    const byNo = await get(`/api/admin/certificates?search=${s.participant.studentNo}`, s.admin.token);
    expect(byNo.json().data.map((c: { kind: string }) => c.kind)).toEqual(['PARTICIPANT']);
    const code = s.of(s.winner.id).code.toLowerCase();
    const byCode = await get(`/api/admin/certificates?search=${code}`, s.admin.token);
    expect(byCode.json().total).toBe(1);
    const wildcard = await get('/api/admin/certificates?search=%25', s.admin.token);
    expect(wildcard.json().total).toBe(0);
  });

  it('lists one student certificates (the student page)', async () => {
    const s = await issued();
    const res = await get(`/api/admin/certificates?studentId=${s.qualifier.id}`, s.admin.token);
    expect(res.json().data.map((c: { kind: string }) => c.kind)).toEqual(['QUALIFIER']);
    const none = await get(`/api/admin/certificates?studentId=${s.disqualified.id}`, s.admin.token);
    expect(none.json()).toMatchObject({ data: [], total: 0 });
  });

  it('downloads the same PDF the student gets, in English and Urdu', async () => {
    const s = await issued();
    const id = s.of(s.winner.id).id;
    const student = await loginStudent(t.app, s.winner);
    for (const lang of ['en', 'ur']) {
      const staffCopy = await get(`/api/admin/certificates/${id}/download?lang=${lang}`, s.admin.token);
      expect(staffCopy.statusCode).toBe(200);
      expect(staffCopy.headers['content-type']).toBe('application/pdf');
      const own = await get(`/api/student/certificates/download?id=${id}&lang=${lang}`, student.accessToken);
      expect(Buffer.compare(staffCopy.rawPayload, own.rawPayload)).toBe(0);
    }
  });

  it('revokes with a reason, audited: the public check says revoked and when, the student no longer holds it', async () => {
    const s = await issued();
    const cert = s.of(s.winner.id);
    const res = await post(`/api/admin/certificates/${cert.id}/revoke`, s.admin.token, {
      reason: 'Name printed wrongly',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: `Certificate ${cert.code} revoked.`,
      data: { revokedReason: 'Name printed wrongly', revokedBy: expect.any(String) },
    });
    const revokedAt = res.json().data.revokedAt;
    expect(Date.now() - Date.parse(revokedAt)).toBeLessThan(60_000);
    const verify = await get(`/api/certificates/verify/${cert.code}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json().data).toMatchObject({ code: cert.code, kind: 'WINNER', revokedAt });
    expect(verify.body).not.toContain('Name printed wrongly');
    const student = await loginStudent(t.app, s.winner);
    expect((await get('/api/student/certificates', student.accessToken)).json()).toEqual({ data: [] });
    const download = await get(
      `/api/student/certificates/download?id=${cert.id}&lang=en`,
      student.accessToken,
    );
    expect(download.statusCode).toBe(404);
    const audits = await auditOf('certificate.revoke');
    expect(audits).toEqual([
      {
        actorId: s.admin.id,
        targetId: cert.id,
        details: expect.objectContaining({ code: cert.code, reason: 'Name printed wrongly' }),
      },
    ]);
    const again = await post(`/api/admin/certificates/${cert.id}/revoke`, s.admin.token, { reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Certificate ${cert.code} is already revoked.`);
    const revokedOnly = await get(`/api/admin/certificates?status=REVOKED`, s.admin.token);
    expect(revokedOnly.json().data.map((c: { _id: string }) => c._id)).toEqual([cert.id]);
  });

  it('refuses a revoke without a reason, a bad id and an unknown certificate with clear 4xx', async () => {
    const s = await issued();
    const cert = s.of(s.winner.id);
    const blank = await post(`/api/admin/certificates/${cert.id}/revoke`, s.admin.token, { reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toMatch(/reason/);
    const bad = await post('/api/admin/certificates/nope/revoke', s.admin.token, { reason: 'x' });
    expect(bad.statusCode).toBe(400);
    const unknown = await post(
      '/api/admin/certificates/00000000-0000-4000-8000-000000000000/reissue',
      s.admin.token,
      { reason: 'x' },
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Certificate not found' });
    const longReason = await post(`/api/admin/certificates/${cert.id}/revoke`, s.admin.token, {
      reason: 'x'.repeat(501),
    });
    expect(longReason.statusCode).toBe(400);
    expect((await get('/api/admin/certificates?status=GONE', s.admin.token)).statusCode).toBe(400);
    expect((await get(`/api/certificates/verify/${cert.code}`)).json().data.revokedAt).toBeNull();
  });

  it('re-issues under a new code: the old one stays revoked, the new one is drawn, e-mailed and genuine', async () => {
    const s = await issued();
    const old = s.of(s.participant.id);
    await t.db
      .updateTable('students')
      .set({ fullName: 'Sana Iqbal Khan' })
      .where('id', '=', s.participant.id)
      .execute();
    const res = await post(`/api/admin/certificates/${old.id}/reissue`, s.admin.token, {
      reason: 'Name corrected',
    });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect(fresh).toMatchObject({
      kind: 'PARTICIPANT',
      name: 'Sana Iqbal Khan',
      replacesId: old.id,
      revokedAt: null,
    });
    expect(fresh.code).not.toBe(old.code);
    expect(fresh.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    const job = await t.queues.exports.getJob(`certificate-draw-${fresh._id}`);
    expect(job?.name).toBe('certificate.draw');
    expect(await drawCertificate({ db: t.db, storage: storage() }, fresh._id, t.config.PUBLIC_URL)).toEqual({
      drawn: 1,
      emailed: 1,
    });
    expect((await get(`/api/certificates/verify/${old.code}`)).json().data.revokedAt).not.toBeNull();
    expect((await get(`/api/certificates/verify/${fresh.code}`)).json().data).toMatchObject({
      name: 'Sana Iqbal Khan',
      revokedAt: null,
    });
    const student = await loginStudent(t.app, s.participant);
    const mine = (await get('/api/student/certificates', student.accessToken)).json().data;
    expect(mine.map((c: { code: string }) => c.code)).toEqual([fresh.code]);
    const pdf = await get(`/api/admin/certificates/${fresh._id}/download?lang=en`, s.admin.token);
    expect(pdf.rawPayload.toString('latin1')).toContain(fresh.code);
    const [audit] = await auditOf('certificate.reissue');
    expect(audit?.details).toMatchObject({
      code: old.code,
      newCode: fresh.code,
      reason: 'Name corrected',
      revoked: true,
    });
    const twice = await post(`/api/admin/certificates/${old.id}/reissue`, s.admin.token, { reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(
      `The student already holds certificate ${fresh.code} of this level in this phase.`,
    );
  });

  it('re-issues only once the results are released', async () => {
    const s = await issued();
    await t.db.updateTable('phases').set({ resultsReleaseAt: null }).where('id', '=', s.phase.id).execute();
    const cert = s.of(s.winner.id);
    const res = await post(`/api/admin/certificates/${cert.id}/reissue`, s.admin.token, { reason: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/results are withheld/);
    expect((await get(`/api/certificates/verify/${cert.code}`)).json().data.revokedAt).toBeNull();
  });

  it('checks certificate:read to list and download and certificate:update to revoke and re-issue', async () => {
    const s = await issued();
    const cert = s.of(s.winner.id);
    const session = async (permissions: [Module, Action][]) =>
      (await loginStaff(t.app, await makeStaff(t.db, { permissions }))).accessToken;
    const phaseOnly = await session([['phase', 'update']]);
    expect((await get('/api/admin/certificates', phaseOnly)).statusCode).toBe(403);
    expect((await get(`/api/admin/certificates/${cert.id}/download`, phaseOnly)).statusCode).toBe(403);
    const reader = await session([['certificate', 'read']]);
    expect((await get('/api/admin/certificates', reader)).statusCode).toBe(200);
    expect((await get(`/api/admin/certificates/${cert.id}/download`, reader)).statusCode).toBe(200);
    for (const action of ['revoke', 'reissue']) {
      const refused = await post(`/api/admin/certificates/${cert.id}/${action}`, reader, { reason: 'x' });
      expect(refused.statusCode).toBe(403);
    }
    const editor = await session([
      ['certificate', 'read'],
      ['certificate', 'update'],
    ]);
    expect(
      (await post(`/api/admin/certificates/${cert.id}/revoke`, editor, { reason: 'x' })).statusCode,
    ).toBe(200);
    expect((await get('/api/admin/certificates')).statusCode).toBe(401);
  });
});
