import type { Db } from '@riyazi/db';
import type { MailTemplate, MailTemplates } from '../../contracts/jobs.js';
import type { Executor } from '../../lib/db.js';
import {
  type DispatchDeps,
  dispatchAfterCommit,
  insertOutboxEvent,
  type OutboxEvent,
} from '../../queue/outbox.js';
import * as repo from './mail.repository.js';

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
  const message = await repo.insertMailMessage(trx, { template, toEmail: to, params });
  const event = await insertOutboxEvent(trx, 'mail.queued', { messageId: message.id });
  return { messageId: message.id, event };
}

/** Failed e-mails one resend takes at most; a second run takes the rest. */
const RESEND_BATCH = 1000;

/** The failed e-mails of the last `hours` a resend would take, and how many there are in all. */
export async function failedMailSince(db: Db, hours: number) {
  const [count, messages] = await Promise.all([
    repo.countFailedMail(db, hours),
    repo.findFailedMail(db, hours, RESEND_BATCH),
  ]);
  return { count, messages };
}

/**
 * Sends the failed e-mails of the last `hours` again: each goes back to QUEUED with a new
 * mail.queued event (a new job id: the failed job keeps its own), dispatched after commit.
 */
export async function resendFailedMail(deps: DispatchDeps, hours: number) {
  const { messages } = await failedMailSince(deps.db, hours);
  const { resent, events } = await deps.db.transaction().execute(async (trx) => {
    const resent = await repo.requeueFailedMail(
      trx,
      messages.map((m) => m.id),
    );
    const events: OutboxEvent[] = [];
    for (const messageId of resent) {
      events.push(await insertOutboxEvent(trx, 'mail.queued', { messageId }));
    }
    return { resent, events };
  });
  await dispatchAfterCommit(deps, events);
  return messages.filter((m) => resent.includes(m.id));
}
