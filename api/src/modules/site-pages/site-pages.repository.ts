import type { SitePageKey } from '../../contracts/site-pages.js';
import type { Executor, Trx } from '../../lib/db.js';

const COLUMNS = ['pageKey', 'version', 'title', 'bodyHtml', 'publishedAt'] as const;

export function findVersion(db: Executor, key: SitePageKey, version: number | null) {
  let query = db.selectFrom('sitePageVersions').select(COLUMNS).where('pageKey', '=', key);
  query = version === null ? query.orderBy('version', 'desc').limit(1) : query.where('version', '=', version);
  return query.executeTakeFirst();
}

export function listVersions(db: Executor, key: SitePageKey) {
  return db
    .selectFrom('sitePageVersions')
    .select(['version', 'title', 'publishedAt'])
    .where('pageKey', '=', key)
    .orderBy('version', 'desc')
    .execute();
}

export async function latestVersionNumbers(db: Executor, keys: readonly SitePageKey[]) {
  const rows = await db
    .selectFrom('sitePageVersions')
    .select(['pageKey', (eb) => eb.fn.max('version').as('version')])
    .where('pageKey', 'in', keys)
    .groupBy('pageKey')
    .execute();
  return new Map(rows.map((row) => [row.pageKey, row.version]));
}

/** Serialises publishers of one page so two never take the same version number. */
export async function lockPage(trx: Trx, key: SitePageKey) {
  await trx
    .selectNoFrom((eb) =>
      eb.fn('pg_advisory_xact_lock', [eb.fn('hashtext', [eb.val(`site-page:${key}`)])]).as('locked'),
    )
    .execute();
}

export function insertVersion(
  trx: Trx,
  values: { pageKey: SitePageKey; version: number; title: string; bodyHtml: string; publishedBy: string },
) {
  return trx.insertInto('sitePageVersions').values(values).returning(['id']).executeTakeFirstOrThrow();
}
