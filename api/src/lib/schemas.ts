import { z } from 'zod';
import { SORT_DIRS, type SortDefault } from '../contracts/list-sort.js';

/** Every error response: a message, and for invalid forms each field's problem. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
  /** With code CAPTCHA_REQUIRED: the key to show the reCAPTCHA box with. */
  recaptchaSiteKey: z.string().optional(),
});

/** The range of a PostgreSQL integer column. */
export const PG_INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** Nobody pages this far (filters narrow a list first); the bound keeps offsets small. */
export const MAX_PAGE = 100_000;

/** A list's page number in a querystring: 1 … MAX_PAGE. */
export const pageParam = z.coerce
  .number({ message: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(MAX_PAGE, `must be at most ${MAX_PAGE}`)
  .default(1);

/** A list's page size in a querystring. */
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

/** What a client's clock says a thing took: kept for information only, so clamped, never refused. */
export const clientMilliseconds = (max: number) =>
  z
    .number({ message: 'must be a number of milliseconds' })
    .transform((ms) => Math.min(Math.max(Math.round(ms), -1), max));

/** A row's id in a querystring or body, named for the error message. */
export const idOf = (what: string) => z.uuid({ message: `must be a ${what} id` });

const MIN_DAY = '2000-01-01';
const MAX_DAY = '2100-12-31';
/** A calendar day, YYYY-MM-DD, that really exists (2026-02-30 is refused). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const parsed = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === v;
  }, 'must be a real date')
  .refine((v) => v >= MIN_DAY && v <= MAX_DAY, `must be between ${MIN_DAY} and ${MAX_DAY}`);

type DayRange = { from?: string | undefined; to?: string | undefined };

/** For `.refine(...datesInOrder)` on a query with optional from and to days. */
export const datesInOrder: [(q: DayRange) => boolean, { path: string[]; message: string }] = [
  (q) => q.from === undefined || q.to === undefined || q.from <= q.to,
  { path: ['to'], message: 'must not be before from' },
];

/**
 * A list's sort and dir in a querystring: only the whitelisted columns (anything else is a 400
 * naming them), defaulting to the list's usual order.
 */
export function sortParams<C extends string>(columns: readonly [C, ...C[]], fallback: SortDefault<C>) {
  return {
    sort: z.enum(columns, { message: `must be one of ${columns.join(', ')}` }).default(fallback.by),
    dir: z.enum(SORT_DIRS, { message: 'must be asc or desc' }).default(fallback.dir),
  };
}
