import { insertOutboxEvent } from '@riyazi/api/queue';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';
import { pruneOutbox } from '../src/outbox-prune.js';

const t = useTestContext({ resetEachTest: true });
const HOUR = 3_600_000;

/** An event committed `hoursAgo`, enqueued `enqueuedHoursAgo` (null: never enqueued). */
async function eventFrom(hoursAgo: number, enqueuedHoursAgo: number | null) {
  const event = await insertOutboxEvent(t.db, 'flags.updated', { updatedAt: new Date().toISOString() });
  await t.db
    .updateTable('outboxEvents')
    .set({
      createdAt: sql<Date>`now() - make_interval(hours => ${hoursAgo})`,
      enqueuedAt:
        enqueuedHoursAgo === null ? null : sql<Date>`now() - make_interval(hours => ${enqueuedHoursAgo})`,
    })
    .where('id', '=', event.id)
    .execute();
  return event.id;
}

const remainingIds = async () =>
  (await t.db.selectFrom('outboxEvents').select('id').execute()).map((row) => row.id).sort();

describe('outbox pruning', () => {
  it('deletes events enqueued before the retention, in batches, and keeps recent and pending ones', async () => {
    for (let i = 0; i < 5; i += 1) {
      await eventFrom(50, 49);
    }
    const recent = await eventFrom(50, 2);
    const pendingOld = await eventFrom(50, null);
    const pendingNew = await eventFrom(0, null);

    const pruned = await pruneOutbox(t.db, { retentionMs: 24 * HOUR, batchSize: 2 });

    expect(pruned).toBe(5);
    expect(await remainingIds()).toEqual([recent, pendingOld, pendingNew].sort());
  });

  it('deletes nothing when every enqueued event is within the retention', async () => {
    const kept = [await eventFrom(3, 3), await eventFrom(1, 1)];
    expect(await pruneOutbox(t.db, { retentionMs: 24 * HOUR, batchSize: 5000 })).toBe(0);
    expect(await remainingIds()).toEqual(kept.sort());
  });
});
