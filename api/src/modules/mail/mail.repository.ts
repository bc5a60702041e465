import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';

export const insertMailMessage = (
  db: Executor,
  values: { template: string; toEmail: string; params: unknown },
) =>
  db
    .insertInto('mailMessages')
    .values({ template: values.template, toEmail: values.toEmail, params: JSON.stringify(values.params) })
    .returning('id')
    .executeTakeFirstOrThrow();

const since = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours})`;

/** E-mails that failed for good (every attempt used), created within the last `hours`, oldest first. */
export const findFailedMail = (db: Executor, hours: number, limit: number) =>
  db
    .selectFrom('mailMessages')
    .select(['id', 'template', 'toEmail'])
    .where('status', '=', 'FAILED')
    .where('createdAt', '>', since(hours))
    .orderBy('createdAt')
    .limit(limit)
    .execute();

export async function countFailedMail(db: Executor, hours: number): Promise<number> {
  const row = await db
    .selectFrom('mailMessages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'FAILED')
    .where('createdAt', '>', since(hours))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Puts failed e-mails back to QUEUED; the ids of those still FAILED when it ran. */
export async function requeueFailedMail(trx: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await trx
    .updateTable('mailMessages')
    .set({ status: 'QUEUED', lastError: null })
    .where('id', 'in', ids)
    .where('status', '=', 'FAILED')
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
