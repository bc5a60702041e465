import type { Trx } from '../../lib/db.js';
import { insertOutboxEvent, type OutboxEvent } from '../../queue/outbox.js';
import { findStudentBoards } from './rankings.repository.js';

/**
 * Call in the transaction that changes what public boards show of a student (anonymised, grade or
 * plays changed by an admin): each board they stand on is pushed again and re-ranked within
 * seconds (the outbox relay enqueues the events when the caller does not).
 */
export async function markStudentStandingsStale(trx: Trx, studentId: string): Promise<OutboxEvent[]> {
  const events: OutboxEvent[] = [];
  for (const { phaseId, gradeId } of await findStudentBoards(trx, studentId)) {
    events.push(await insertOutboxEvent(trx, 'standings.stale', { phaseId, gradeId }));
  }
  return events;
}
