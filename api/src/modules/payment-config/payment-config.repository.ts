import type { Executor, Trx } from '../../lib/db.js';

export function listGatewaySettings(db: Executor) {
  return db.selectFrom('paymentGatewaySettings').selectAll().orderBy('gateway').execute();
}

/** Locks the stored rows; two saves racing on a gateway with no row yet meet in the upsert. */
export function lockGatewaySettings(trx: Trx) {
  return trx.selectFrom('paymentGatewaySettings').selectAll().orderBy('gateway').forUpdate().execute();
}

export interface GatewaySettingsRow {
  gateway: string;
  enabled: boolean;
  settings: Record<string, string>;
  /** Encrypted boxes, by setting name. */
  secrets: Record<string, string>;
  updatedBy: string;
}

export function upsertGatewaySettings(trx: Trx, row: GatewaySettingsRow) {
  const values = {
    enabled: row.enabled,
    settings: JSON.stringify(row.settings),
    secrets: JSON.stringify(row.secrets),
    updatedBy: row.updatedBy,
    updatedAt: new Date(),
  };
  return trx
    .insertInto('paymentGatewaySettings')
    .values({ gateway: row.gateway, ...values })
    .onConflict((oc) => oc.column('gateway').doUpdateSet(values))
    .execute();
}

const PACKAGE_COLUMNS = [
  'paymentPackages.id',
  'paymentPackages.name',
  'paymentPackages.description',
  'paymentPackages.attempts',
  'paymentPackages.phaseId',
  'paymentPackages.pricePaisa',
  'paymentPackages.isActive',
  'paymentPackages.position',
  'paymentPackages.createdAt',
  'paymentPackages.updatedAt',
  'phases.name as phaseName',
  'phases.status as phaseStatus',
  'phases.endsAt as phaseEndsAt',
] as const;

function packagesWithPhase(db: Executor) {
  return db
    .selectFrom('paymentPackages')
    .leftJoin('phases', 'phases.id', 'paymentPackages.phaseId')
    .select(PACKAGE_COLUMNS)
    .orderBy('paymentPackages.position')
    .orderBy('paymentPackages.pricePaisa')
    .orderBy('paymentPackages.createdAt')
    .orderBy('paymentPackages.id');
}

export type PackageRow = NonNullable<Awaited<ReturnType<typeof findPackage>>>;

export function listPackages(db: Executor, onlyActive = false) {
  const query = packagesWithPhase(db);
  return (onlyActive ? query.where('paymentPackages.isActive', '=', true) : query).execute();
}

export function findPackage(db: Executor, id: string) {
  return packagesWithPhase(db).where('paymentPackages.id', '=', id).executeTakeFirst();
}

export function lockPackage(trx: Trx, id: string) {
  return trx.selectFrom('paymentPackages').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export interface PackageValues {
  name: string;
  description: string;
  attempts: number;
  phaseId: string | null;
  pricePaisa: number;
  isActive: boolean;
  position: number;
}

export async function insertPackage(trx: Trx, values: PackageValues): Promise<string> {
  const row = await trx
    .insertInto('paymentPackages')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updatePackage(trx: Trx, id: string, values: Partial<PackageValues>) {
  return trx
    .updateTable('paymentPackages')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deletePackage(trx: Trx, id: string) {
  return trx.deleteFrom('paymentPackages').where('id', '=', id).execute();
}

export async function countPackagePayments(db: Executor, id: string): Promise<number> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('packageId', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Promo codes limited to this package (package_ids holds no foreign key). */
export async function promoCodesNamingPackage(db: Executor, id: string): Promise<string[]> {
  const rows = await db
    .selectFrom('promoCodes')
    .select('code')
    .where((eb) => eb(eb.val(id), '=', eb.fn.any('packageIds')))
    .orderBy('code')
    .execute();
  return rows.map((r) => r.code);
}

/** A share lock keeps the phase from being deleted before the package row commits. */
export function shareLockPhase(trx: Trx, id: string) {
  return trx.selectFrom('phases').select(['id', 'name']).where('id', '=', id).forShare().executeTakeFirst();
}

export function listPhaseOptions(db: Executor) {
  return db.selectFrom('phases').select(['id', 'name', 'number', 'status']).orderBy('number').execute();
}
