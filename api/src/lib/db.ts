import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';

/** What a repository function runs on: the pool, or the transaction its caller opened. */
export type Executor = Db | Transaction<Database>;
export type Trx = Transaction<Database>;

/** A user's text inside LIKE/ILIKE matches itself, never a wildcard. */
export const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** How many rows a `count(…) as count` query found, as a number. */
export async function countOf(query: {
  executeTakeFirstOrThrow(): Promise<{ count: string | number | bigint }>;
}) {
  return Number((await query.executeTakeFirstOrThrow()).count);
}
