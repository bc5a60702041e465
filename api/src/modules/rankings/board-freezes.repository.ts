import type { Executor } from '../../lib/db.js';

/** The phase's freeze row: frozen while `revealedAt` is null, revealed (snapshot emptied) after. */
export function findBoardFreeze(db: Executor, phaseId: string) {
  return db
    .selectFrom('boardFreezes')
    .select(['frozenAt', 'revealedAt', 'snapshot'])
    .where('phaseId', '=', phaseId)
    .executeTakeFirst();
}

/** Replaces a frozen board's snapshot (a disqualified student taken off it). */
export async function updateSnapshot(trx: Executor, phaseId: string, snapshot: unknown) {
  await trx
    .updateTable('boardFreezes')
    .set({ snapshot: JSON.stringify(snapshot) })
    .where('phaseId', '=', phaseId)
    .where('revealedAt', 'is', null)
    .execute();
}

/** The phase's snapshot while frozen; `lock` holds the row until the transaction ends (a reveal waits). */
export function frozenSnapshot(db: Executor, phaseId: string, lock = false) {
  return db
    .selectFrom('boardFreezes')
    .select('snapshot')
    .where('phaseId', '=', phaseId)
    .where('revealedAt', 'is', null)
    .$if(lock, (query) => query.forUpdate())
    .executeTakeFirst();
}

export async function isFrozen(db: Executor, phaseId: string): Promise<boolean> {
  return (await frozenSnapshot(db, phaseId)) !== undefined;
}

/** Freezes the phase (again, after a reveal); undefined when it already is frozen. */
export function insertFreeze(
  trx: Executor,
  row: { phaseId: string; frozenAt: Date; frozenBy: string; snapshot: unknown },
) {
  const values = { ...row, snapshot: JSON.stringify(row.snapshot), revealedAt: null };
  return trx
    .insertInto('boardFreezes')
    .values(values)
    .onConflict((oc) =>
      oc
        .column('phaseId')
        .doUpdateSet({
          frozenAt: values.frozenAt,
          frozenBy: values.frozenBy,
          snapshot: values.snapshot,
          revealedAt: null,
        })
        .where('boardFreezes.revealedAt', 'is not', null),
    )
    .returning('phaseId')
    .executeTakeFirst();
}

/** Ends the freeze, keeping when it ended; undefined when the phase was not frozen. */
export function revealFreeze(trx: Executor, phaseId: string, revealedAt: Date) {
  return trx
    .updateTable('boardFreezes')
    .set({ revealedAt, snapshot: '{}' })
    .where('phaseId', '=', phaseId)
    .where('revealedAt', 'is', null)
    .returning('phaseId')
    .executeTakeFirst();
}
