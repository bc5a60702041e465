import type { FlaggedPlaysPage, PlayEvidence } from '@riyazi/api/contracts';
import { beforeEach, expect } from 'vitest';
import { plantFlaggedPlays, type PlantedFlags } from '../../test/integrity-factories.js';
import { bearer, deleteRedisKeys, signedInStaff, useTestContext } from '../../test/helpers.js';

// Shared by the integrity-review-*.int.test.ts files: importing it registers their app and hooks.
export const t = useTestContext({ resetEachTest: true });

export let planted: PlantedFlags;
export let reviewer: string;
export let reader: string;

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  planted = await plantFlaggedPlays(t.db);
  reviewer = (
    await signedInStaff(t, {
      permissions: [
        ['integrity', 'read'],
        ['integrity', 'update'],
      ],
    })
  ).token;
  reader = (await signedInStaff(t, { permissions: [['integrity', 'read']] })).token;
});

export const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

export const decide = (playId: string, payload: object, token = reviewer) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/integrity/play/decide/?id=${playId}`,
    headers: bearer(token),
    payload,
  });

export async function queue(query = '', token = reviewer): Promise<FlaggedPlaysPage> {
  const res = await get(`/api/admin/integrity/plays/${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<FlaggedPlaysPage>();
}

export async function evidence(playId: string): Promise<PlayEvidence> {
  const res = await get(`/api/admin/integrity/play/?id=${playId}`, reviewer);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: PlayEvidence }>().data;
}

/** The board as stored: student name → rank. */
export async function standings() {
  const rows = await t.db
    .selectFrom('phaseStandings as s')
    .innerJoin('students as st', 'st.id', 's.studentId')
    .select(['st.fullName', 's.rank', 's.playId'])
    .where('s.phaseId', '=', planted.phase.id)
    .orderBy('s.rank')
    .execute();
  return rows.map((r) => [r.fullName, r.rank, r.playId] as const);
}

export const reviewAudits = () =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'targetType', 'targetId', 'details'])
    .where('action', '=', 'integrity.review')
    .orderBy('id')
    .execute();
