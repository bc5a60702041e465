import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';
import type { MailTemplate, MailTemplates } from '../../contracts/jobs.js';
import { insertOutboxEvent, type OutboxEvent } from '../../queue/outbox.js';

/**
 * Records an e-mail in the caller's transaction; the mail worker sends it after commit (the
 * returned event must be dispatched with dispatchAfterCommit).
 */
export async function queueMail<T extends MailTemplate>(
  trx: Transaction<Database> | Db,
  template: T,
  to: string,
  params: MailTemplates[T],
): Promise<{ messageId: string; event: OutboxEvent }> {
  const message = await trx
    .insertInto('mailMessages')
    .values({ template, toEmail: to, params: JSON.stringify(params) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await insertOutboxEvent(trx, 'mail.queued', { messageId: message.id });
  return { messageId: message.id, event };
}
