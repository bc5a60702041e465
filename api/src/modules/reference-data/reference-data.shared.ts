import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';
import { writeAudit } from '../../lib/audit.js';
import { conflict, HttpError } from '../../lib/errors.js';

export type Executor = Db | Transaction<Database>;
export type Trx = Transaction<Database>;

/** Who is acting, for the audit log. */
export interface Actor {
  id: string;
  ip: string;
}

export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function pageOf<R, D>(
  { page, limit }: { page: number; limit: number },
  rows: (limit: number, offset: number) => Promise<R[]>,
  count: () => Promise<number>,
  toDto: (row: R) => D,
) {
  const [found, total] = await Promise.all([rows(limit, (page - 1) * limit), count()]);
  return {
    data: found.map(toDto),
    total,
    currentPage: page,
    totalPages: Math.ceil(total / limit),
    itemsPerPage: limit,
  };
}

const pgCode = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;

/** Turns a unique violation (23505) into a 409 naming the field, with the field's problem. */
export const duplicateAs = (field: string, message: string) => (error: unknown) => {
  throw pgCode(error) === '23505' ? new HttpError(409, message, { errors: { [field]: 'is taken' } }) : error;
};

/** A delete that lost a race with a new reference still answers 409, not 500. */
export const stillReferenced = (noun: string) => (error: unknown) => {
  throw pgCode(error) === '23503' ? conflict(`This ${noun} is still in use: deactivate it instead`) : error;
};

/** A played quiz or question keeps its history: it can be deactivated, not deleted (409). */
export function refuseIfPlayed(noun: string, plays: number): void {
  if (plays > 0) {
    throw conflict(
      `This ${noun} has been played ${plays} time${plays === 1 ? '' : 's'}: deactivate it instead`,
    );
  }
}

export type Usage = [count: number, singular: string, plural: string][];

/** 'This grade is used by 12 questions and 2 quizzes: deactivate it instead', or null when unused. */
export function usageMessage(noun: string, usage: Usage, advice = 'deactivate it instead'): string | null {
  const parts = usage.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) {
    return null;
  }
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return `This ${noun} is used by ${list}: ${advice}`;
}

/** How many rows of a table point at a reference row, e.g. questions with this grade. */
export async function countOf(query: {
  executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }>;
}) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}

export function audit(
  trx: Trx,
  actor: Actor,
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown>,
) {
  return writeAudit(trx, {
    actorType: 'staff',
    actorId: actor.id,
    action,
    targetType,
    targetId,
    ip: actor.ip,
    details,
  });
}

/** The fields that really change, as { field: { from, to } }, and the values to set. */
export function diff<T extends Record<string, unknown>>(current: T, requested: Partial<T>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Partial<T> = {};
  for (const key of Object.keys(requested) as (keyof T & string)[]) {
    const to = requested[key];
    const from = current[key];
    const same = to instanceof Date && from instanceof Date ? to.getTime() === from.getTime() : to === from;
    if (to !== undefined && !same) {
      changes[key] = { from, to };
      set[key] = to;
    }
  }
  return { changes, set, changed: Object.keys(changes).length > 0 };
}
