import { conflict, HttpError } from './errors.js';

/** The PostgreSQL error codes the code reacts to (https://www.postgresql.org/docs/15/errcodes-appendix.html). */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  deadlock: '40P01',
} as const;
export type PgCode = (typeof PG)[keyof typeof PG];

/** Whether a thrown error is PostgreSQL's with this code. */
export function isPgError(error: unknown, code: PgCode): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === code;
}

/** A `.catch` that turns a unique violation into a 409 naming the field, with the field's problem. */
export const duplicateAs = (field: string, message: string) => (error: unknown) => {
  throw isPgError(error, PG.uniqueViolation)
    ? new HttpError(409, message, { errors: { [field]: 'is taken' } })
    : error;
};

/** A `.catch` for a delete that lost a race with a new reference: 409 with `message`, not 500. */
export const stillReferencedAs = (message: string) => (error: unknown) => {
  throw isPgError(error, PG.foreignKeyViolation) ? conflict(message) : error;
};

/** The same, worded for reference data: "This grade is still in use: deactivate it instead". */
export const stillReferenced = (noun: string) =>
  stillReferencedAs(`This ${noun} is still in use: deactivate it instead`);
