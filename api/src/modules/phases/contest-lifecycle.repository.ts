import { sql } from 'kysely';
import { ANSWER_GRACE_MS } from '../../contracts/scoring.js';
import type { Executor, Trx } from '../../lib/db.js';

/** The stored facts a phase's contest stage is worked out from (contracts/contest-lifecycle.ts). */
const facts = (db: Executor) =>
  db
    .selectFrom('phases')
    .select([
      'phases.id',
      'phases.name',
      'phases.number',
      'phases.status',
      'phases.startsAt',
      'phases.endsAt',
      'phases.closedAt',
      'phases.resultsReleaseAt',
    ])
    // contracts' longestPlayMs over the phase's contest quizzes, in SQL.
    .select(
      sql<number>`coalesce((
        SELECT max(q.question_count * (q.seconds_per_question * 1000 + ${ANSWER_GRACE_MS}::int))
        FROM quizzes q WHERE q.phase_id = phases.id AND q.kind = 'CONTEST'
      ), 0)::int`.as('longestPlayMs'),
    );

export const findContestFacts = (db: Executor, phaseId: string) =>
  facts(db).where('phases.id', '=', phaseId).executeTakeFirst();

export const lockContestFacts = (trx: Trx, phaseId: string) =>
  facts(trx).where('phases.id', '=', phaseId).forUpdate().executeTakeFirst();

export type ContestFactsRow = NonNullable<Awaited<ReturnType<typeof findContestFacts>>>;

export const listContestFacts = (db: Executor) => facts(db).orderBy('phases.number').execute();

/** Contest plays of the phase still being played. */
export async function countPlaysInProgress(db: Executor, phaseId: string): Promise<number> {
  const row = await db
    .selectFrom('plays')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('phaseId', '=', phaseId)
    .where('kind', '=', 'CONTEST')
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export const setContestTimes = (
  trx: Trx,
  phaseId: string,
  set: { status?: 'CLOSED'; closedAt?: Date; resultsReleaseAt?: Date | null },
) =>
  trx
    .updateTable('phases')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', phaseId)
    .execute();
