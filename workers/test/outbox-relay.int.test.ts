import { insertOutboxEvent } from '@riyazi/api/queue';
import { pino } from 'pino';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';
import { relayOutboxOnce } from '../src/outbox-relay.js';

const t = useTestContext({ resetEachTest: true });
const log = pino({ level: 'silent' });
const immediate = { graceMs: 0, intervalMs: 50, batchSize: 100 };

beforeEach(async () => {
  await t.queues.broadcast.obliterate({ force: true });
});

describe('outbox relay', () => {
  it('enqueues exactly once an event committed but never enqueued (crash between commit and enqueue)', async () => {
    // The api committed the event and died before enqueueing it.
    const event = await insertOutboxEvent(t.db, 'flags.updated', { updatedAt: new Date().toISOString() });

    const passes = await Promise.all([
      relayOutboxOnce(t.db, t.queues, log, immediate),
      relayOutboxOnce(t.db, t.queues, log, immediate),
    ]);
    await relayOutboxOnce(t.db, t.queues, log, immediate);

    expect(passes.reduce((a, b) => a + b, 0)).toBe(1);
    const jobs = await t.queues.broadcast.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.map((j) => j.id)).toEqual([event.id]);
    expect(jobs[0]?.name).toBe('flags.updated');
    const row = await t.db
      .selectFrom('outboxEvents')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(row.enqueuedAt).not.toBeNull();
    expect(row.relayAttempts).toBe(1);
  });

  it('leaves a fresh event to the api within the grace period', async () => {
    await insertOutboxEvent(t.db, 'flags.updated', { updatedAt: new Date().toISOString() });
    expect(await relayOutboxOnce(t.db, t.queues, log, { ...immediate, graceMs: 60_000 })).toBe(0);
    expect(await t.queues.broadcast.getJobCounts('waiting')).toEqual({ waiting: 0 });
  });

  it('does not enqueue a second job when the api already enqueued it but crashed before marking it', async () => {
    const event = await insertOutboxEvent(t.db, 'flags.updated', { updatedAt: new Date().toISOString() });
    await t.queues.broadcast.add('flags.updated', { eventId: event.id, updatedAt: '' }, { jobId: event.id });
    await relayOutboxOnce(t.db, t.queues, log, immediate);
    const jobs = await t.queues.broadcast.getJobs(['waiting']);
    expect(jobs).toHaveLength(1);
  });
});
