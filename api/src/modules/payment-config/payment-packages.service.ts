import type { Db } from '@riyazi/db';
import {
  type AdminPackage,
  type AdminPackageList,
  PACKAGE_HAS_PAYMENTS,
  paisaToRupees,
} from '../../contracts/payment-config.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { stillReferencedAs } from '../../lib/pg-errors.js';
import * as repo from './payment-config.repository.js';
import type { PackageBody, PackageChanges } from './payment-config.schemas.js';
import type { Actor } from './payment-config.service.js';

/** What checkout offers a student: an active package as the payments service reads it. */
export interface ActivePackage {
  id: string;
  name: string;
  description: string;
  attempts: number;
  pricePaisa: number;
  phase: { id: string; title: string; status: 'UPCOMING' | 'ACTIVE' | 'CLOSED'; endsAt: Date } | null;
}

/** Active packages in the order admins set (position, then price). */
export async function listActivePackages(db: Db): Promise<ActivePackage[]> {
  const rows = await repo.listPackages(db, true);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    attempts: row.attempts,
    pricePaisa: row.pricePaisa,
    phase:
      row.phaseId === null || row.phaseStatus === null || row.phaseEndsAt === null
        ? null
        : { id: row.phaseId, title: row.phaseName ?? '', status: row.phaseStatus, endsAt: row.phaseEndsAt },
  }));
}

function toDto(row: repo.PackageRow): AdminPackage {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    attempts: row.attempts,
    phase: row.phaseId === null ? null : { _id: row.phaseId, name: row.phaseName ?? '' },
    price: paisaToRupees(row.pricePaisa),
    pricePaisa: row.pricePaisa,
    isActive: row.isActive,
    position: row.position,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function packageDto(db: Db, id: string): Promise<AdminPackage> {
  const row = await repo.findPackage(db, id);
  if (!row) {
    throw notFound('Package not found');
  }
  return toDto(row);
}

export async function listPackages(db: Db): Promise<AdminPackageList> {
  const [rows, phases] = await Promise.all([repo.listPackages(db), repo.listPhaseOptions(db)]);
  return {
    data: rows.map(toDto),
    phases: phases.map((p) => ({ _id: p.id, name: p.name, number: p.number, status: p.status })),
  };
}

async function assertPhaseExists(trx: Trx, phaseId: string | null) {
  if (phaseId !== null && !(await repo.shareLockPhase(trx, phaseId))) {
    throw fieldError('phaseId', 'the chosen phase does not exist');
  }
}

export async function createPackage(db: Db, actor: Actor, body: PackageBody): Promise<AdminPackage> {
  const id = await db.transaction().execute(async (trx) => {
    await assertPhaseExists(trx, body.phaseId);
    const created = await repo.insertPackage(trx, body);
    await audit(trx, actor, 'paymentPackage.create', 'paymentPackage', created, body);
    return created;
  });
  return packageDto(db, id);
}

type Change<T> = { from: T; to: T };

export async function updatePackage(
  db: Db,
  actor: Actor,
  id: string,
  body: PackageChanges,
): Promise<AdminPackage> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockPackage(trx, id);
    if (!current) {
      throw notFound('Package not found');
    }
    const next: Partial<repo.PackageValues> = body;
    const changes: Record<string, Change<unknown>> = {};
    for (const [key, value] of Object.entries(next) as [keyof repo.PackageValues, unknown][]) {
      if (value !== undefined && value !== current[key]) {
        changes[key] = { from: current[key], to: value };
      }
    }
    if (Object.keys(changes).length === 0) {
      return;
    }
    if (changes.phaseId !== undefined) {
      await assertPhaseExists(trx, next.phaseId ?? null);
    }
    await repo.updatePackage(
      trx,
      id,
      Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to])),
    );
    await audit(trx, actor, 'paymentPackage.update', 'paymentPackage', id, { name: current.name, changes });
  });
  return packageDto(db, id);
}

export const setPackageStatus = (db: Db, actor: Actor, id: string, isActive: boolean) =>
  updatePackage(db, actor, id, { isActive });

export async function deletePackage(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // The row lock makes a checkout that is creating a payment for this package wait or fail.
    const current = await repo.lockPackage(trx, id);
    if (!current) {
      throw notFound('Package not found');
    }
    if ((await repo.countPackagePayments(trx, id)) > 0) {
      throw conflict(PACKAGE_HAS_PAYMENTS);
    }
    const codes = await repo.promoCodesNamingPackage(trx, id);
    if (codes.length > 0) {
      const list =
        codes.length > 3 ? `${codes.slice(0, 3).join(', ')} and ${codes.length - 3} more` : codes.join(', ');
      throw conflict(
        `This package is named by promo code${codes.length === 1 ? '' : 's'} ${list}; remove it there or deactivate the package instead.`,
      );
    }
    await repo.deletePackage(trx, id).catch(stillReferencedAs(PACKAGE_HAS_PAYMENTS));
    await audit(trx, actor, 'paymentPackage.delete', 'paymentPackage', id, {
      name: current.name,
      attempts: current.attempts,
      phaseId: current.phaseId,
      pricePaisa: current.pricePaisa,
    });
  });
}
