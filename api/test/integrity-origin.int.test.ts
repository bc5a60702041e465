import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import { originHashes } from '../src/modules/integrity/origin-hash.js';
import { contestQuizId, finishedPlay, practiceQuizId, t, token } from './play-quiz.fixtures.js';

const DEVICE = 'c0ffee00-1234-4abc-9def-0123456789ab';
const startFrom = (
  type: 'CONTEST' | 'PRACTICE',
  headers: Record<string, string>,
  remoteAddress = '203.0.113.7',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/play-quiz/',
    remoteAddress,
    headers: { ...bearer(token), ...headers },
    payload: { quizId: type === 'CONTEST' ? contestQuizId : practiceQuizId, type },
  });
const originOf = (id: string) =>
  t.db
    .selectFrom('plays')
    .select(['originIpHash', 'originDeviceHash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the origin of a contest play', () => {
  it('records keyed hashes of the address and the device id, never the raw values', async () => {
    const res = await startFrom('CONTEST', { 'x-device-id': DEVICE });
    expect(res.statusCode, res.body).toBe(200);
    const origin = await originOf(res.json().play._id);
    expect(origin).toEqual(originHashes(t.config.INTEGRITY_HASH_KEY, '203.0.113.7', DEVICE));
    expect(JSON.stringify(origin)).not.toContain('203.0.113');
    expect(JSON.stringify(origin)).not.toContain(DEVICE);
    // Another key gives other hashes: the hash is keyed, not a plain digest anyone can recompute.
    expect(originHashes('another-key-of-at-least-32-characters', '203.0.113.7', DEVICE)).not.toEqual(origin);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('targetId', '=', res.json().play._id)
      .execute();
    expect(JSON.stringify(audit)).not.toContain('203.0.113');
  });

  it('keeps no device for a missing or malformed id, and no origin at all for practice', async () => {
    const contest = await startFrom('CONTEST', { 'x-device-id': 'bad id <script>' });
    expect(contest.statusCode).toBe(200);
    expect(await originOf(contest.json().play._id)).toMatchObject({ originDeviceHash: null });
    expect((await originOf(contest.json().play._id)).originIpHash).toMatch(/^[\w-]{43}$/);
    const practice = await startFrom('PRACTICE', { 'x-device-id': DEVICE });
    expect(await originOf(practice.json().play._id)).toEqual({ originIpHash: null, originDeviceHash: null });
  });
});

describe('the per-play check', () => {
  it('runs after a real finish through the queue and flags correct answers given faster than anyone reads', async () => {
    const workers = await startTestWorkers(t, { relay: { graceMs: 500, intervalMs: 300, batchSize: 100 } });
    try {
      // The fixture answers three questions right within milliseconds of serving them.
      const playId = await finishedPlay();
      const jobId = `integrity-play-${playId}`;
      await expect
        .poll(async () => (await t.queues.integrity.getJob(jobId))?.id, { timeout: 15_000 })
        .toBe(jobId);
      const job = await t.queues.integrity.getJob(jobId);
      expect(await job!.getState()).toBe('delayed');
      await job!.promote();
      await expect
        .poll(
          async () => t.db.selectFrom('integritySignals').selectAll().where('playId', '=', playId).execute(),
          {
            timeout: 15_000,
          },
        )
        .toHaveLength(1);
      const [signal] = await t.db
        .selectFrom('integritySignals')
        .selectAll()
        .where('playId', '=', playId)
        .execute();
      expect(signal).toMatchObject({ kind: 'FAST_CORRECT', relatedPlayIds: [] });
      expect(signal!.evidence).toMatchObject({ fastCount: 3, correctCount: 3 });
      expect(Number(signal!.strength)).toBeGreaterThan(0.9);
    } finally {
      await workers.close();
    }
  });
});
