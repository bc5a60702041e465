import { describe, expect, it } from 'vitest';
import { loginStaff, loginStudent, makeStaff, signedInStaff, signedInStudent } from '../../test/helpers.js';
import { certificatesOf, runPhase, seededPhase, storage, t } from './certificates.fixtures.js';

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('certificate run', () => {
  it('issues each student the highest level earned, leaving out disqualified, practice and unfinished plays', async () => {
    const s = await seededPhase();
    const result = await runPhase(s.phase.id);
    expect(result).toMatchObject({ outcome: 'done', issued: 3, drawn: 3 });
    const byStudent = new Map((await certificatesOf(s.phase.id)).map((c) => [c.studentId, c]));
    expect(byStudent.get(s.winner.id)).toMatchObject({
      kind: 'WINNER',
      rank: 1,
      printedName: 'Fatima Malik',
    });
    expect(byStudent.get(s.qualifier.id)).toMatchObject({ kind: 'QUALIFIER', rank: 2 });
    expect(byStudent.get(s.participant.id)).toMatchObject({ kind: 'PARTICIPANT', rank: null });
    for (const left of [s.disqualified, s.practiceOnly, s.unfinished]) {
      expect(byStudent.has(left.id)).toBe(false);
    }
    for (const c of byStudent.values()) {
      expect(c.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
      const pdf = await storage().get(c.fileKeyUr ?? '');
      expect(pdf?.size).toBeGreaterThan(1000);
    }
  });

  it('queues one e-mail per certificate, in the student language, and a re-run issues and mails nothing new', async () => {
    const s = await seededPhase();
    await t.db.updateTable('students').set({ language: 'ur' }).where('id', '=', s.participant.id).execute();
    await runPhase(s.phase.id);
    const again = await runPhase(s.phase.id);
    expect(again).toMatchObject({ outcome: 'done', issued: 0, drawn: 0 });
    const mails = await t.db
      .selectFrom('mailMessages')
      .select(['toEmail', 'params'])
      .where('template', '=', 'certificateIssued')
      .execute();
    expect(mails.map((m) => m.toEmail).sort()).toEqual(
      [s.winner.email, s.qualifier.email, s.participant.email].sort(),
    );
    const urdu = mails.find((m) => m.toEmail === s.participant.email);
    expect(urdu?.params).toMatchObject({
      language: 'ur',
      link: 'http://localhost:3000/dashboard#certificates',
    });
    expect((await certificatesOf(s.phase.id)).every((c) => c.emailedAt !== null)).toBe(true);
  });

  it('issues a higher certificate when a participant later becomes a winner, keeping the first', async () => {
    const s = await seededPhase();
    await runPhase(s.phase.id);
    await t.db
      .insertInto('phaseWinners')
      .values({
        phaseId: s.phase.id,
        gradeId: s.grade.id,
        studentId: s.participant.id,
        method: 'MANUAL',
        position: null,
      })
      .execute();
    expect(await runPhase(s.phase.id)).toMatchObject({ issued: 1, drawn: 1 });
    const kinds = (await certificatesOf(s.phase.id))
      .filter((c) => c.studentId === s.participant.id)
      .map((c) => c.kind);
    expect(kinds.sort()).toEqual(['PARTICIPANT', 'WINNER']);
  });

  it('waits for the results release: a certificate tells a child their result', async () => {
    const { phase } = await seededPhase();
    await t.db.updateTable('phases').set({ resultsReleaseAt: null }).where('id', '=', phase.id).execute();
    const admin = await signedInStaff(t);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/admin/certificates/run',
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { phaseId: phase.id },
    });
    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(
      "Phase 1's results are withheld: release them first, then make its certificates.",
    );
    expect(await certificatesOf(phase.id)).toEqual([]);
  });

  it('needs phase:update to start a run and phase:read to see it', async () => {
    const s = await seededPhase();
    const reader = await makeStaff(t.db, { permissions: [['phase', 'read']] });
    const { accessToken } = await loginStaff(t.app, reader);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/admin/certificates/run',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { phaseId: s.phase.id },
    });
    expect(start.statusCode).toBe(403);
    const seen = await get(`/api/admin/certificates/run?phaseId=${s.phase.id}`, accessToken);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ data: null });
    await runPhase(s.phase.id);
    const after = await get(`/api/admin/certificates/run?phaseId=${s.phase.id}`, accessToken);
    expect(after.json().data).toMatchObject({
      status: 'SUCCEEDED',
      progress: 100,
      processedRows: 3,
      issued: 3,
    });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'certificates.run')
      .execute();
    expect(audit.length).toBe(1);
  });
});

describe('student download and public verification', () => {
  it('lists and downloads only the student own certificates, in English and Urdu', async () => {
    const s = await seededPhase();
    await runPhase(s.phase.id);
    const own = await loginStudent(t.app, s.winner);
    const list = await get('/api/student/certificates', own.accessToken);
    expect(list.statusCode).toBe(200);
    const [cert] = list.json().data;
    expect(cert).toMatchObject({ kind: 'WINNER', languages: ['en', 'ur'], rank: 1 });
    for (const lang of ['en', 'ur']) {
      const file = await get(
        `/api/student/certificates/download?id=${cert._id}&lang=${lang}`,
        own.accessToken,
      );
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect(file.rawPayload.toString('latin1')).toContain(cert.code);
    }
    const other = await signedInStudent(t);
    const stolen = await get(`/api/student/certificates/download?id=${cert._id}&lang=en`, other.token);
    expect(stolen.statusCode).toBe(404);
    expect((await get('/api/student/certificates', other.token)).json()).toEqual({ data: [] });
  });

  it('verifies a code with only what the certificate prints, and 404s an unknown one', async () => {
    const s = await seededPhase();
    await runPhase(s.phase.id);
    const [cert] = (await certificatesOf(s.phase.id)).filter((c) => c.studentId === s.winner.id);
    const found = await get(`/api/certificates/verify/${cert?.code.toLowerCase()}`);
    expect(found.statusCode).toBe(200);
    const data = found.json().data;
    expect(Object.keys(data).sort()).toEqual([
      'code',
      'grade',
      'issuedAt',
      'kind',
      'name',
      'phase',
      'rank',
      'revokedAt',
    ]);
    expect(data).toMatchObject({ code: cert?.code, kind: 'WINNER', name: 'Fatima Malik', rank: 1 });
    expect(found.body).not.toMatch(/City School|03001234567|@example\.com/);
    const missing = await get('/api/certificates/verify/ZZZZZZZZZZ');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/No certificate has this code/);
    expect((await get('/api/certificates/verify/not-a-code')).statusCode).toBe(404);
  });

  it('rate-limits verification look-ups per network', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (await get('/api/certificates/verify/ZZZZZZZZZZ')).statusCode;
    }
    expect(last).toBe(429);
  });
});
