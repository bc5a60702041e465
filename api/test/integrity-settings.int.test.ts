import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  guardStatuses,
  makePhase,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { plantFlaggedPlays } from '../../test/integrity-factories.js';
import type { IntegrityPhaseSummary, IntegritySettingsDto } from '../src/contracts/integrity.js';
import { DEFAULT_THRESHOLDS } from '../src/modules/integrity/integrity.thresholds.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });
const call = authorizedCall(t);
const URL = '/api/admin/integrity/settings';

describe('integrity settings', () => {
  it('answers 401 signed out, 403 without integrity:read, and the defaults with it', async () => {
    const phase = await makePhase(t.db);
    const urls = [URL, `/api/admin/integrity/phases/${phase.id}/run`, '/api/admin/integrity/phases'];
    expect(await guardStatuses(t, urls, ['integrity', 'read'], [['queues', 'read']])).toEqual({
      signedOut: [401, 401, 401],
      others: [403, 403, 403],
      needed: [200, 200, 200],
    });
    const reader = await signedInStaff(t, { permissions: [['integrity', 'read']] });
    const body = (await call(reader.token, 'GET', URL)).json<IntegritySettingsDto>();
    expect(body).toMatchObject({
      thresholds: DEFAULT_THRESHOLDS,
      overrides: {},
      defaults: DEFAULT_THRESHOLDS,
    });
    expect((await call(reader.token, 'PUT', URL, {})).statusCode).toBe(403);
    expect((await call(reader.token, 'POST', urls[1]!)).statusCode).toBe(403);
  });

  it('overrides some thresholds, keeps the defaults of the rest, audits the change, and {} restores them', async () => {
    const editor = await signedInStaff(t, {
      permissions: [
        ['integrity', 'read'],
        ['integrity', 'update'],
      ],
    });
    const res = await call(editor.token, 'PUT', URL, { sharedOrigin: { deviceMinStudents: 4 } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<IntegritySettingsDto>();
    expect(body.thresholds.sharedOrigin).toEqual({
      ...DEFAULT_THRESHOLDS.sharedOrigin,
      deviceMinStudents: 4,
    });
    expect(body.overrides).toEqual({ sharedOrigin: { deviceMinStudents: 4 } });
    expect(
      (await call(editor.token, 'GET', URL)).json<IntegritySettingsDto>().thresholds.sharedOrigin
        .deviceMinStudents,
    ).toBe(4);
    const audit = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'details'])
      .where('action', '=', 'integrity.settings.update')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorId: editor.id,
      details: { from: {}, to: { sharedOrigin: { deviceMinStudents: 4 } } },
    });
    const restored = await call(editor.token, 'PUT', URL, {});
    expect(restored.json<IntegritySettingsDto>().thresholds).toEqual(DEFAULT_THRESHOLDS);
  });

  it('refuses bad thresholds and unknown names with 400 and a message, changing nothing', async () => {
    const editor = await signedInStaff(t, { permissions: [['integrity', 'update']] });
    for (const body of [
      { scriptedTiming: { maxCv: 2 } },
      { copiedAnswers: { maxChanceLog10: 3 } },
      { fastCorrect: { minReadMs: 'fast' } },
      { sharedOrigin: { deviceMinStudent: 3 } },
      { everything: {} },
    ]) {
      const res = await call(editor.token, 'PUT', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const row = await t.db.selectFrom('integritySettings').select('thresholds').executeTakeFirst();
    expect(row?.thresholds ?? {}).toEqual({});
  });

  it('lists every phase newest first with its finished contest plays and the plays flagged in it', async () => {
    const planted = await plantFlaggedPlays(t.db);
    const reader = await signedInStaff(t, { permissions: [['integrity', 'read']] });
    const res = await call(reader.token, 'GET', '/api/admin/integrity/phases');
    expect(res.statusCode, res.body).toBe(200);
    const phases = res.json<{ data: IntegrityPhaseSummary[] }>().data;
    expect(phases.map((p) => [p._id, p.number, p.finishedPlays, p.flaggedPlays])).toEqual([
      [planted.phase2.id, 2, 0, 0],
      // Five finished plays (Dua played twice); Ali, Bilal and Dua's fast play are flagged.
      [planted.phase.id, 1, 5, 3],
    ]);
    expect(phases[1]?.startsAt).toEqual(new Date(phases[1]?.startsAt ?? '').toISOString());
  });

  it('answers 404 for the run of a phase that does not exist', async () => {
    const editor = await signedInStaff(t, {
      permissions: [
        ['integrity', 'read'],
        ['integrity', 'update'],
      ],
    });
    const url = `/api/admin/integrity/phases/${crypto.randomUUID()}/run`;
    expect((await call(editor.token, 'GET', url)).statusCode).toBe(404);
    expect((await call(editor.token, 'POST', url)).statusCode).toBe(404);
    expect((await call(editor.token, 'GET', '/api/admin/integrity/phases/nope/run')).statusCode).toBe(400);
  });
});
