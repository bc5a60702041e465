import { randomUUID } from 'node:crypto';
import type { PhaseCutoffs } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, loginStaff, makeStaff, makeStudent } from '../../test/helpers.js';
import {
  asAdmin,
  closePhase,
  fillers,
  grade3,
  grade5,
  mailedTo,
  notify,
  phases,
  playInRankOrder,
  preview,
  rankIn,
  saveCut,
  t,
} from './phase-progress.fixtures.js';

describe('phase cut-offs', () => {
  it('lists every grade with the default cut until one is saved', async () => {
    await saveCut(phases[1], grade3, 100);
    const res = await asAdmin('GET', `/api/admin/phaseCutoff/?phaseId=${phases[1]}`);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: PhaseCutoffs }>().data;
    expect(data.options).toEqual([100, 150, 200]);
    expect(data.nextPhase?._id).toBe(phases[2]);
    expect(data.grades.find((g) => g.gradeId === grade3)).toMatchObject({ topN: 100, isDefault: false });
    expect(data.grades.find((g) => g.gradeId === grade5)).toMatchObject({ topN: 200, isDefault: true });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'phaseCutoff.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ gradeId: grade3, from: null, to: 100 });
  });

  it.each([
    [1, 30, 'topN: must be 100, 150 or 200 for phase 1'],
    [1, 120, 'topN: must be 100, 150 or 200 for phase 1'],
    [2, 100, 'topN: must be 10, 20 or 30 for phase 2'],
    [3, 10, 'Phase 3 — Final does not carry toppers to a next phase.'],
  ] as const)('refuses phase %i with topN %i', async (number, topN, message) => {
    const res = await saveCut(phases[number], grade3, topN);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('accepts 10, 20 and 30 for phase 2', async () => {
    for (const topN of [10, 20, 30]) {
      expect((await saveCut(phases[2], grade3, topN)).statusCode).toBe(200);
    }
  });

  it('needs phase update to save a cut', async () => {
    const reader = await makeStaff(t.db, { permissions: [['phase', 'read']] });
    const { accessToken } = await loginStaff(t.app, reader);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phaseCutoff/create/',
      headers: bearer(accessToken),
      payload: { phaseId: phases[1], gradeId: grade3, topN: 100 },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/admin/phaseCutoff/notify/', () => {
  it('e-mails each qualifier of every grade once, within their grade cut, once the phase is closed', async () => {
    await saveCut(phases[1], grade3, 100);
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const out3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    const in5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Hina Baig' });
    const out5 = await makeStudent(t.db, { gradeId: grade5, fullName: 'Bilal Shah' });
    await playInRankOrder(phases[1], grade3, [...(await fillers(grade3, 99)), in3.id, out3.id]);
    await playInRankOrder(phases[1], grade5, [...(await fillers(grade5, 199)), in5.id, out5.id]);
    await closePhase(1);

    expect(await preview(phases[1])).toEqual({
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
      pending: 2,
      blocked: null,
    });
    const first = await notify(phases[1]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({
      notified: 2,
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
    });
    const mails = await t.db
      .selectFrom('mailMessages')
      .select(['toEmail', 'template', 'params'])
      .orderBy('toEmail')
      .execute();
    expect(mails.map((m) => m.toEmail).sort()).toEqual([in3.email, in5.email].sort());
    expect(mails.find((m) => m.toEmail === in3.email)).toMatchObject({
      template: 'phaseQualified',
      params: {
        name: 'Zara Qureshi',
        phaseTitle: 'Phase 1 — Qualifier',
        nextPhaseTitle: 'Phase 2 — Semi-final',
        rank: 100,
      },
    });
    const rows = await t.db.selectFrom('phaseQualifications').select(['phaseId', 'studentId']).execute();
    expect(rows.every((r) => r.phaseId === phases[2])).toBe(true);
    const outbox = await t.db
      .selectFrom('outboxEvents')
      .select('id')
      .where('type', '=', 'mail.queued')
      .execute();

    expect((await preview(phases[1])).pending).toBe(0);
    const second = await notify(phases[1]);
    expect(second.json().data.notified).toBe(0);
    expect(await t.db.selectFrom('mailMessages').select('id').execute()).toHaveLength(2);
    expect(
      await t.db.selectFrom('outboxEvents').select('id').where('type', '=', 'mail.queued').execute(),
    ).toHaveLength(outbox.length);
  });

  it('refuses with 409 while the phase is still running, e-mailing nobody', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    const res = await notify(phases[1]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      "Phase 1 — Qualifier's contest has not ended: end it first, then e-mail its qualifiers.",
    );
    expect(await preview(phases[1])).toEqual({
      nextPhase: { _id: phases[2], name: 'Phase 2 — Semi-final' },
      pending: 0,
      blocked: res.json().message,
    });
    expect(await mailedTo()).toEqual([]);
    expect(await t.db.selectFrom('phaseQualifications').select('studentId').execute()).toEqual([]);
  });

  it('waits for the results release once the end date has passed, then e-mails', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    await t.db
      .updateTable('phases')
      .set({ endsAt: new Date(Date.now() - 3_600_000) })
      .where('id', '=', phases[1])
      .execute();
    const withheld = await notify(phases[1]);
    expect(withheld.statusCode).toBe(409);
    expect(withheld.json().message).toBe(
      "Phase 1 — Qualifier's results are withheld: release them first, then e-mail its qualifiers.",
    );
    expect(await mailedTo()).toEqual([]);
    await t.db
      .updateTable('phases')
      .set({ resultsReleaseAt: new Date(Date.now() - 1000) })
      .where('id', '=', phases[1])
      .execute();
    const res = await notify(phases[1]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await mailedTo()).toEqual([in3.email]);
  });

  it('refuses with 409 while a contest attempt of the phase may still be played', async () => {
    const in3 = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const playing = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    await playInRankOrder(phases[1], grade3, [in3.id]);
    await t.db
      .insertInto('plays')
      .values({
        studentId: playing.id,
        quizId: randomUUID(),
        phaseId: phases[1],
        gradeId: grade3,
        kind: 'CONTEST',
        status: 'IN_PROGRESS',
        questionCount: 15,
      })
      .execute();
    // Ended a minute ago: that play's clock may still run.
    await t.db
      .updateTable('phases')
      .set({ status: 'CLOSED', closedAt: new Date(Date.now() - 60_000), resultsReleaseAt: new Date() })
      .where('id', '=', phases[1])
      .execute();
    const res = await notify(phases[1]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^Phase 1 — Qualifier's contest is closing: plays in progress finish by \d{4}-\d{2}-\d{2} \d{2}:\d{2} PKT; e-mail its qualifiers after that\.$/,
    );
    expect(await mailedTo()).toEqual([]);
  });

  it('ranks from the plays themselves, so a finish not yet ranked by the worker counts', async () => {
    const early = await makeStudent(t.db, { gradeId: grade3, fullName: 'Zara Qureshi' });
    const late = await makeStudent(t.db, { gradeId: grade3, fullName: 'Omar Farooq' });
    await saveCut(phases[1], grade3, 100);
    await playInRankOrder(phases[1], grade3, [...(await fillers(grade3, 99)), early.id]);
    await rankIn(phases[1], grade3, late.id, 150); // a stale standing: the worker has not re-ranked yet
    await t.db
      .insertInto('plays')
      .values({
        studentId: late.id,
        quizId: randomUUID(),
        phaseId: phases[1],
        gradeId: grade3,
        kind: 'CONTEST',
        status: 'FINISHED',
        questionCount: 15,
        score: 2000,
        totalTimeMs: 60_000,
        finishedAt: new Date(),
      })
      .execute();
    await closePhase(1);
    expect((await notify(phases[1])).json().data.notified).toBe(1);
    expect(await mailedTo()).toEqual([late.email]);
  });

  it('needs phase update to e-mail and phase read to preview', async () => {
    const reader = await makeStaff(t.db, { permissions: [['phase', 'read']] });
    const { accessToken } = await loginStaff(t.app, reader);
    const headers = bearer(accessToken);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/admin/phaseCutoff/notify/',
      headers,
      payload: { phaseId: phases[1] },
    });
    expect(sent.statusCode).toBe(403);
    const looked = await t.app.inject({
      method: 'GET',
      url: `/api/admin/phaseCutoff/notify/?phaseId=${phases[1]}`,
      headers,
    });
    expect(looked.statusCode).toBe(200);
  });

  it('refuses the last phase', async () => {
    const res = await notify(phases[3]);
    expect(res.statusCode).toBe(400);
    expect((await preview(phases[3])).blocked).toBe(
      'Phase 3 — Final does not carry toppers to a next phase.',
    );
  });
});
