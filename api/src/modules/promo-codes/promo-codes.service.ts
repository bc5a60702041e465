import type { Db } from '@riyazi/db';
import type {
  PromoCode,
  PromoCodePage,
  PromoDiscountType,
  PromoPackageOption,
} from '../../contracts/payment-codes.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, fieldError, HttpError, notFound } from '../../lib/errors.js';
import { duplicateAs, stillReferencedAs } from '../../lib/pg-errors.js';
import * as repo from './promo-codes.repository.js';
import type { ListPromoQuery, PromoBody, PromoChanges } from './promo-codes.schemas.js';
import { promoRuleProblems, shownDiscount, storedDiscount } from './promo-rule.js';

export interface Actor {
  id: string;
  ip: string;
}

export const PROMO_CODE_USED = 'This promo code has been used; deactivate it instead.';
const CODE_TAKEN = 'A promo code with this code already exists.';

const rethrowTaken = duplicateAs('code', CODE_TAKEN);

function assertRule(rule: Parameters<typeof promoRuleProblems>[0]) {
  const problems = promoRuleProblems(rule);
  const [field, problem] = Object.entries(problems)[0] ?? [];
  if (field !== undefined) {
    throw new HttpError(400, `${field}: ${problem}`, { errors: problems });
  }
}

async function assertPackagesExist(trx: Trx, ids: string[]) {
  const found = await repo.shareLockPackages(trx, ids);
  if (found.length !== ids.length) {
    throw fieldError('packageIds', 'names a package that does not exist');
  }
}

function toDto(row: repo.PromoRow, packageNames: ReadonlyMap<string, string>): PromoCode {
  const discountType = row.discountType as PromoDiscountType;
  return {
    _id: row.id,
    code: row.code,
    description: row.description,
    discountType,
    discountValue: shownDiscount(discountType, row.discountValue),
    validFrom: row.validFrom?.toISOString() ?? null,
    validUntil: row.validUntil?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerStudent: row.maxUsesPerStudent,
    usedCount: row.usedCount,
    packageIds: row.packageIds,
    packages: row.packageIds.flatMap((id) => {
      const name = packageNames.get(id);
      return name === undefined ? [] : [{ _id: id, name }];
    }),
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

async function toDtos(db: Db, rows: repo.PromoRow[]): Promise<PromoCode[]> {
  const ids = [...new Set(rows.flatMap((r) => r.packageIds))];
  const packages = await repo.findPackages(db, ids);
  const names = new Map(packages.map((p) => [p.id, p.name]));
  return rows.map((row) => toDto(row, names));
}

async function promoDto(db: Db, id: string): Promise<PromoCode> {
  const row = await repo.findPromoCode(db, id);
  if (!row) {
    throw notFound('Promo code not found');
  }
  const [dto] = await toDtos(db, [row]);
  return dto as PromoCode;
}

export async function listPromoCodes(
  db: Db,
  { page, limit, search }: ListPromoQuery,
): Promise<PromoCodePage> {
  const [rows, total] = await Promise.all([
    repo.listPromoCodes(db, search, limit, (page - 1) * limit),
    repo.countPromoCodes(db, search),
  ]);
  return {
    data: await toDtos(db, rows),
    total,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    itemsPerPage: limit,
  };
}

export async function listPackageOptions(db: Db): Promise<PromoPackageOption[]> {
  const rows = await repo.listPackages(db);
  return rows.map((p) => ({ _id: p.id, name: p.name, isActive: p.isActive }));
}

export async function createPromoCode(db: Db, actor: Actor, body: PromoBody): Promise<PromoCode> {
  assertRule(body);
  const id = await db.transaction().execute(async (trx) => {
    await assertPackagesExist(trx, body.packageIds);
    const created = await repo
      .insertPromoCode(trx, {
        ...body,
        discountValue: storedDiscount(body.discountType, body.discountValue),
        createdBy: actor.id,
      })
      .catch(rethrowTaken);
    await audit(trx, actor, 'promoCode.create', 'promoCode', created.id, {
      code: body.code,
      discountType: body.discountType,
      discountValue: body.discountValue,
      maxUses: body.maxUses,
      maxUsesPerStudent: body.maxUsesPerStudent,
      packageIds: body.packageIds,
      isActive: body.isActive,
    });
    return created.id;
  });
  return promoDto(db, id);
}

type Comparable = string | number | boolean | null | Date | string[];

const sameValue = (a: Comparable, b: Comparable) => {
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && [...a].sort().join() === [...b].sort().join();
  }
  return a === b;
};

export async function updatePromoCode(
  db: Db,
  actor: Actor,
  id: string,
  changes: PromoChanges,
): Promise<PromoCode> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockPromoCode(trx, id);
    if (!row) {
      throw notFound('Promo code not found');
    }
    const currentType = row.discountType as PromoDiscountType;
    if (changes.discountType !== undefined && changes.discountType !== currentType) {
      if (changes.discountValue === undefined) {
        throw fieldError('discountValue', 'is required when the discount type changes');
      }
    }
    const before = {
      code: row.code,
      description: row.description,
      discountType: currentType,
      discountValue: shownDiscount(currentType, row.discountValue),
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      maxUses: row.maxUses,
      maxUsesPerStudent: row.maxUsesPerStudent,
      packageIds: row.packageIds,
      isActive: row.isActive,
    };
    const after = { ...before, ...withoutUndefined(changes) };
    if (after.maxUses !== null && after.maxUses < row.usedCount) {
      throw fieldError('maxUses', `cannot be below the ${row.usedCount} uses already taken`);
    }
    assertRule(after);
    if (changes.packageIds !== undefined) {
      await assertPackagesExist(trx, after.packageIds);
    }

    const diff: Record<string, { from: Comparable; to: Comparable }> = {};
    for (const key of Object.keys(before) as (keyof typeof before)[]) {
      if (!sameValue(before[key], after[key])) {
        diff[key] = { from: before[key], to: after[key] };
      }
    }
    if (Object.keys(diff).length === 0) {
      return;
    }
    await repo
      .updatePromoCode(trx, id, {
        ...after,
        discountValue: storedDiscount(after.discountType, after.discountValue),
      })
      .catch(rethrowTaken);
    await audit(trx, actor, 'promoCode.update', 'promoCode', id, { code: after.code, changes: diff });
  });
  return promoDto(db, id);
}

function withoutUndefined<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

export async function setPromoCodeStatus(
  db: Db,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<PromoCode> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockPromoCode(trx, id);
    if (!row) {
      throw notFound('Promo code not found');
    }
    if (row.isActive === isActive) {
      return;
    }
    await repo.updatePromoCode(trx, id, { isActive });
    await audit(trx, actor, isActive ? 'promoCode.activate' : 'promoCode.deactivate', 'promoCode', id, {
      code: row.code,
    });
  });
  return promoDto(db, id);
}

export async function deletePromoCode(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await repo.lockPromoCode(trx, id);
    if (!row) {
      throw notFound('Promo code not found');
    }
    if (row.usedCount > 0 || (await repo.promoCodeWasUsed(trx, id))) {
      throw conflict(PROMO_CODE_USED);
    }
    await repo.deletePromoCode(trx, id).catch(stillReferencedAs(PROMO_CODE_USED));
    await audit(trx, actor, 'promoCode.delete', 'promoCode', id, {
      code: row.code,
      usedCount: row.usedCount,
    });
  });
}
