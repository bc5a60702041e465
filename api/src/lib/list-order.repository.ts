import type { OrderByModifiersCallbackExpression } from 'kysely';
import type { SortDir } from '../contracts/list-sort.js';

/** A list column's direction; rows without a value come last either way. */
export const direction =
  (dir: SortDir): OrderByModifiersCallbackExpression =>
  (ob) =>
    (dir === 'asc' ? ob.asc() : ob.desc()).nullsLast();
