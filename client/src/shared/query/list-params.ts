/** Paging limits and the small parsers under the admin list kit's URL state (shared/admin-list). */

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A whole number ≥ 1 (capped at max), else the fallback. */
export function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/** The value when it is one of values, else '' (no filter). */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | '' {
  return values.find((v) => v === value) ?? '';
}

/** An id filter: a UUID, else '' (no filter). */
export const idOf = (value: string | null) => (value !== null && UUID.test(value) ? value : '');

/** A list query as request parameters, empty filters left out. */
export const withoutEmpty = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as Record<
    string,
    string | number
  >;
