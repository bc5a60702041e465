/** Reading and writing an admin list's state (page, page size, filters) in the URL query string. */

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

/** page and itemsPerPage (as limit); bad values fall back to page 1 and the default size. */
export function pagingFromParams(params: URLSearchParams): { page: number; limit: number } {
  return {
    page: positiveInt(params.get('page'), 1),
    limit: positiveInt(params.get('itemsPerPage'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

/**
 * The URL after a change. A change that does not name the page goes back to page 1; empty values,
 * page 1 and the default page size are left out, so the plain list has a clean address.
 */
export function applyListChange(
  current: URLSearchParams,
  change: Readonly<Record<string, string | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const entries = Object.entries('page' in change ? change : { ...change, page: '' });
  for (const [key, value = ''] of entries) {
    const isDefault =
      value === '' ||
      (key === 'page' && value === '1') ||
      (key === 'itemsPerPage' && value === String(DEFAULT_PAGE_SIZE));
    if (isDefault) {
      next.delete(key);
    } else {
      next.set(key, value);
    }
  }
  return next;
}

/** A list query as request parameters, empty filters left out. */
export const withoutEmpty = (query: object) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== '')) as Record<
    string,
    string | number
  >;
