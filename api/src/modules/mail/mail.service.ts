import type { MailTemplate, MailTemplates } from '../../contracts/jobs.js';
import type { Executor } from '../../lib/db.js';
import { insertOutboxEvent, type OutboxEvent } from '../../queue/outbox.js';
import { insertMailMessage } from './mail.repository.js';

/**
 * Records an e-mail in the caller's transaction; the mail worker sends it after commit (the
 * returned event must be dispatched with dispatchAfterCommit).
 */
export async function queueMail<T extends MailTemplate>(
  trx: Executor,
  template: T,
  to: string,
  params: MailTemplates[T],
): Promise<{ messageId: string; event: OutboxEvent }> {
  const message = await insertMailMessage(trx, { template, toEmail: to, params });
  const event = await insertOutboxEvent(trx, 'mail.queued', { messageId: message.id });
  return { messageId: message.id, event };
}
