import type { Database } from '@riyazi/db';
import type { ExpressionBuilder } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';

const redeemedCount = (eb: ExpressionBuilder<Database, 'accessCodeBatches'>) =>
  eb
    .selectFrom('accessCodes')
    .select((sub) => sub.fn.countAll<string>().as('n'))
    .whereRef('accessCodes.batchId', '=', 'accessCodeBatches.id')
    .where('accessCodes.redeemedAt', 'is not', null)
    .as('redeemedCount');

function batches(db: Executor) {
  return db
    .selectFrom('accessCodeBatches')
    .leftJoin('phases', 'phases.id', 'accessCodeBatches.phaseId')
    .select((eb) => [
      'accessCodeBatches.id',
      'accessCodeBatches.label',
      'accessCodeBatches.attempts',
      'accessCodeBatches.phaseId',
      'phases.name as phaseName',
      'accessCodeBatches.codeCount',
      'accessCodeBatches.validUntil',
      'accessCodeBatches.revokedAt',
      'accessCodeBatches.createdAt',
      redeemedCount(eb),
    ]);
}

export function listBatches(db: Executor, limit: number, offset: number) {
  return batches(db)
    .orderBy('accessCodeBatches.createdAt', 'desc')
    .orderBy('accessCodeBatches.id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type BatchRow = Awaited<ReturnType<typeof listBatches>>[number];

export async function countBatches(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('accessCodeBatches')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function findBatch(db: Executor, id: string) {
  return batches(db).where('accessCodeBatches.id', '=', id).executeTakeFirst();
}

export function lockBatch(trx: Trx, id: string) {
  return trx
    .selectFrom('accessCodeBatches')
    .select(['id', 'label', 'revokedAt'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function phaseExists(trx: Trx, id: string) {
  return trx.selectFrom('phases').select('id').where('id', '=', id).forShare().executeTakeFirst();
}

export function insertBatch(
  trx: Trx,
  values: {
    label: string;
    attempts: number;
    phaseId: string | null;
    codeCount: number;
    validUntil: Date | null;
    createdBy: string;
  },
) {
  return trx.insertInto('accessCodeBatches').values(values).returning('id').executeTakeFirstOrThrow();
}

/** Inserts the codes that are not taken yet and returns those it inserted. */
export async function insertNewCodes(trx: Trx, batchId: string, codes: readonly string[]): Promise<string[]> {
  if (codes.length === 0) {
    return [];
  }
  const rows = await trx
    .insertInto('accessCodes')
    .values(codes.map((code) => ({ batchId, code })))
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .execute();
  return rows.map((r) => r.code);
}

/** Every code of a batch with the redeeming student's number (no names: the least data). */
export function exportRows(db: Executor, batchId: string) {
  return db
    .selectFrom('accessCodes')
    .leftJoin('students', 'students.id', 'accessCodes.redeemedBy')
    .select(['accessCodes.code', 'accessCodes.redeemedAt', 'accessCodes.revokedAt', 'students.studentNo'])
    .where('accessCodes.batchId', '=', batchId)
    .orderBy('accessCodes.code')
    .execute();
}

export function setBatchRevoked(trx: Trx, id: string, at: Date) {
  return trx.updateTable('accessCodeBatches').set({ revokedAt: at }).where('id', '=', id).execute();
}

export async function revokeUnusedCodes(trx: Trx, batchId: string, at: Date): Promise<number> {
  const result = await trx
    .updateTable('accessCodes')
    .set({ revokedAt: at })
    .where('batchId', '=', batchId)
    .where('redeemedAt', 'is', null)
    .where('revokedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The code with its batch's rules; the code row is locked, so one redeemer or revoker at a time. */
function lockedCode(trx: Trx) {
  return trx
    .selectFrom('accessCodes')
    .innerJoin('accessCodeBatches', 'accessCodeBatches.id', 'accessCodes.batchId')
    .select([
      'accessCodes.id',
      'accessCodes.batchId',
      'accessCodes.redeemedAt',
      'accessCodes.revokedAt',
      'accessCodeBatches.attempts',
      'accessCodeBatches.validUntil as batchValidUntil',
      'accessCodeBatches.revokedAt as batchRevokedAt',
    ])
    .forUpdate('accessCodes');
}

export const lockCodeByText = (trx: Trx, code: string) =>
  lockedCode(trx).where('accessCodes.code', '=', code).executeTakeFirst();

export const lockCodeById = (trx: Trx, id: string) =>
  lockedCode(trx).where('accessCodes.id', '=', id).executeTakeFirst();

export function markRedeemed(trx: Trx, id: string, studentId: string, at: Date) {
  return trx
    .updateTable('accessCodes')
    .set({ redeemedBy: studentId, redeemedAt: at })
    .where('id', '=', id)
    .execute();
}

export function revokeCode(trx: Trx, id: string, at: Date) {
  return trx.updateTable('accessCodes').set({ revokedAt: at }).where('id', '=', id).execute();
}
