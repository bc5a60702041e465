import type { Db } from '@riyazi/db';
import type { CodeBatch, CodeBatchPage } from '../../contracts/payment-codes.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { generateAccessCode, normalizeAccessCode } from './access-code-format.js';
import { batchCsv, batchCsvFilename } from './access-codes.csv.js';
import * as repo from './access-codes.repository.js';
import type { CreateBatchBody, ListBatchesQuery, RevokeCodeQuery } from './access-codes.schemas.js';

export interface Actor {
  id: string;
  ip: string;
}

/** Rows per INSERT: 4 parameters each, far below PostgreSQL's 65,535. */
const INSERT_CHUNK = 1000;
/** A collision needs two equal 60-bit draws; a few rounds are more than enough. */
const MAX_ROUNDS = 5;

function toDto(row: repo.BatchRow): CodeBatch {
  return {
    _id: row.id,
    label: row.label,
    attempts: row.attempts,
    phase: row.phaseId !== null && row.phaseName !== null ? { _id: row.phaseId, title: row.phaseName } : null,
    codeCount: row.codeCount,
    redeemedCount: Number(row.redeemedCount),
    validUntil: row.validUntil?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function batchDto(db: Db, id: string): Promise<CodeBatch> {
  const row = await repo.findBatch(db, id);
  if (!row) {
    throw notFound('Code batch not found');
  }
  return toDto(row);
}

export async function listBatches(db: Db, { page, limit }: ListBatchesQuery): Promise<CodeBatchPage> {
  return pageOf(
    { page, limit },
    (l, o) => repo.listBatches(db, l, o),
    () => repo.countBatches(db),
    toDto,
  );
}

/** Draws `count` codes no other batch holds, retrying the rare collision with a fresh draw. */
async function insertUniqueCodes(trx: Trx, batchId: string, count: number) {
  let missing = count;
  for (let round = 0; round < MAX_ROUNDS && missing > 0; round++) {
    const drawn = new Set<string>();
    while (drawn.size < missing) {
      drawn.add(generateAccessCode());
    }
    const codes = [...drawn];
    for (let i = 0; i < codes.length; i += INSERT_CHUNK) {
      const inserted = await repo.insertNewCodes(trx, batchId, codes.slice(i, i + INSERT_CHUNK));
      missing -= inserted.length;
    }
  }
  if (missing > 0) {
    throw new Error(`could not draw ${count} unique access codes`);
  }
}

export async function createBatch(db: Db, actor: Actor, body: CreateBatchBody): Promise<CodeBatch> {
  const id = await db.transaction().execute(async (trx) => {
    if (body.phaseId !== null && !(await repo.phaseExists(trx, body.phaseId))) {
      throw fieldError('phaseId', 'the chosen phase does not exist');
    }
    const batch = await repo.insertBatch(trx, {
      label: body.label,
      attempts: body.attempts,
      phaseId: body.phaseId,
      codeCount: body.count,
      validUntil: body.validUntil,
      createdBy: actor.id,
    });
    await insertUniqueCodes(trx, batch.id, body.count);
    // The codes themselves are secrets: the trail names the batch and the count only.
    await audit(trx, actor, 'codeBatch.create', 'codeBatch', batch.id, {
      batchId: batch.id,
      label: body.label,
      count: body.count,
      attempts: body.attempts,
      phaseId: body.phaseId,
      validUntil: body.validUntil?.toISOString() ?? null,
    });
    return batch.id;
  });
  return batchDto(db, id);
}

export async function exportBatch(db: Db, id: string): Promise<{ filename: string; csv: string }> {
  const batch = await repo.findBatch(db, id);
  if (!batch) {
    throw notFound('Code batch not found');
  }
  const rows = await repo.exportRows(db, id);
  return { filename: batchCsvFilename(batch.label), csv: batchCsv(batch.label, rows) };
}

export async function revokeBatch(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ batch: CodeBatch; revoked: number }> {
  const revoked = await db.transaction().execute(async (trx) => {
    const batch = await repo.lockBatch(trx, id);
    if (!batch) {
      throw notFound('Code batch not found');
    }
    if (batch.revokedAt !== null) {
      throw conflict('This batch has already been revoked.');
    }
    const now = new Date();
    await repo.setBatchRevoked(trx, id, now);
    const count = await repo.revokeUnusedCodes(trx, id, now);
    await audit(trx, actor, 'codeBatch.revoke', 'codeBatch', id, {
      batchId: id,
      label: batch.label,
      revokedCodes: count,
    });
    return count;
  });
  return { batch: await batchDto(db, id), revoked };
}

/** Revokes one unused code, named by its id or by the code itself (as typed). */
export async function revokeCode(db: Db, actor: Actor, which: RevokeCodeQuery): Promise<void> {
  const text = which.code === undefined ? undefined : normalizeAccessCode(which.code);
  if (text === null) {
    throw fieldError('code', 'is not an access code (XXXX-XXXX-XXXX)');
  }
  await db.transaction().execute(async (trx) => {
    const code =
      text === undefined
        ? await repo.lockCodeById(trx, which.id ?? '')
        : await repo.lockCodeByText(trx, text);
    if (!code) {
      throw notFound('Access code not found');
    }
    if (code.redeemedAt !== null) {
      throw conflict('This code has already been redeemed.');
    }
    if (code.revokedAt !== null || code.batchRevokedAt !== null) {
      throw conflict('This code has already been revoked.');
    }
    await repo.revokeCode(trx, code.id, new Date());
    await audit(trx, actor, 'accessCode.revoke', 'accessCode', code.id, { batchId: code.batchId });
  });
}
