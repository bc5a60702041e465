import { z } from 'zod';
import { failedMailSince, resendFailedMail } from '#modules/mail';
import { expireStalePendingPayments, findStalePendingPayments, PAYMENT_EXPIRY_MS } from '#modules/payments';
import { FAILED_MAIL_HOURS, type ScriptActionName, STUCK_MINUTES } from '../../contracts/script-admin.js';
import { dispatchOutboxEvent, outboxEventOf } from '../../queue/outbox.js';
import { countRelayAttempt } from '../../queue/outbox.repository.js';
import {
  defineAction,
  LISTED,
  plural,
  type ScriptAction,
  type ScriptRunner,
} from './script-admin.action-kit.js';
import { RANKING_ACTIONS } from './script-admin.ranking-actions.js';
import * as repo from './script-admin.repository.js';

/** Events one run re-enqueues at most; a second run takes the rest. */
const OUTBOX_BATCH = 1000;

/** A whole number of `name` within `range`, each refusal naming the parameter. */
const wholeNumber = (name: string, range: { min: number; max: number }) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(range.min, `${name} must be at least ${range.min}`)
    .max(range.max, `${name} must be at most ${range.max}`);

const minutesParams = z.object({ minutes: wholeNumber('minutes', STUCK_MINUTES) });

const reenqueueStuckOutbox: ScriptAction<z.infer<typeof minutesParams>> = {
  info: {
    name: 'reenqueueStuckOutbox',
    title: 'Re-enqueue stuck outbox events',
    description:
      'Puts events saved but never handed to their queue (older than N minutes) on their queue again. ' +
      'Each job keeps the event id as its id, so an event already on its queue is not doubled.',
    params: [
      {
        name: 'minutes',
        label: 'Stuck for more than (minutes)',
        kind: 'number',
        min: STUCK_MINUTES.min,
        max: STUCK_MINUTES.max,
        default: STUCK_MINUTES.default,
      },
    ],
  },
  params: minutesParams,
  async dryRun({ db }, { minutes }) {
    const [count, first] = await Promise.all([
      repo.countStuckOutboxEvents(db, minutes),
      repo.findStuckOutboxEvents(db, minutes, LISTED),
    ]);
    const changed = Math.min(count, OUTBOX_BATCH);
    return {
      changed,
      summary: `Would re-enqueue ${plural(changed, 'event')} stuck for more than ${plural(minutes, 'minute')}${count > changed ? ` (${count} in all; run again for the rest)` : ''}`,
      details: first.map((e) => `${e.type} ${e.id}`),
    };
  },
  async run({ db, queues }, { minutes }) {
    const { done, skipped } = await db.transaction().execute(async (trx) => {
      const rows = await repo.lockStuckOutboxEvents(trx, minutes, OUTBOX_BATCH);
      const done: string[] = [];
      const skipped: string[] = [];
      for (const row of rows) {
        const event = outboxEventOf(row);
        if (!event) {
          skipped.push(`${row.type} ${row.id} (unknown type, left as it is)`);
          continue;
        }
        await countRelayAttempt(trx, event.id);
        await dispatchOutboxEvent(trx, queues, event);
        done.push(`${event.type} ${event.id}`);
      }
      return { done, skipped };
    });
    return {
      changed: done.length,
      summary: `Re-enqueued ${plural(done.length, 'event')} stuck for more than ${plural(minutes, 'minute')}`,
      details: [...skipped, ...done.slice(0, LISTED)],
    };
  },
};

const hoursParams = z.object({ hours: wholeNumber('hours', FAILED_MAIL_HOURS) });

const resendFailedMailAction: ScriptAction<z.infer<typeof hoursParams>> = {
  info: {
    name: 'resendFailedMail',
    title: 'Resend failed e-mails',
    description:
      'Sends again the e-mails of the last N hours whose every attempt failed (SMTP down, say). ' +
      'Each goes back to the mail queue once; one that fails again can be resent later.',
    params: [
      {
        name: 'hours',
        label: 'Failed e-mails of the last (hours)',
        kind: 'number',
        min: FAILED_MAIL_HOURS.min,
        max: FAILED_MAIL_HOURS.max,
        default: FAILED_MAIL_HOURS.default,
      },
    ],
  },
  params: hoursParams,
  async dryRun({ db }, { hours }) {
    const { count, messages } = await failedMailSince(db, hours);
    return {
      changed: messages.length,
      summary: `Would resend ${plural(messages.length, 'failed e-mail')} of the last ${plural(hours, 'hour')}${count > messages.length ? ` (${count} in all; run again for the rest)` : ''}`,
      details: messages.slice(0, LISTED).map((m) => `${m.template} to ${m.toEmail}`),
    };
  },
  async run(deps, { hours }) {
    const resent = await resendFailedMail(deps, hours);
    return {
      changed: resent.length,
      summary: `Resent ${plural(resent.length, 'failed e-mail')} of the last ${plural(hours, 'hour')}`,
      details: resent.slice(0, LISTED).map((m) => `${m.template} to ${m.toEmail}`),
    };
  },
};

const noParams = z.object({});
const expiryHours = PAYMENT_EXPIRY_MS / 3_600_000;

const expireStalePayments: ScriptAction<z.infer<typeof noParams>> = {
  info: {
    name: 'expireStalePayments',
    title: 'Expire stale pending payments',
    description:
      `Closes gateway payments still pending after ${expiryHours} hours as EXPIRED and gives their promo ` +
      'code use back, as the payment reconciliation does every minute. A payment the gateway confirms ' +
      'meanwhile is left as it is.',
    params: [],
  },
  params: noParams,
  async dryRun({ db }) {
    const stale = await findStalePendingPayments(db);
    return {
      changed: stale.length,
      summary: `Would expire ${plural(stale.length, 'payment')} pending for more than ${expiryHours} hours`,
      details: stale.slice(0, LISTED).map((p) => `${p.orderRef} (${p.gateway})`),
    };
  },
  async run({ db }) {
    const closed = await expireStalePendingPayments(db);
    return {
      changed: closed.length,
      summary: `Expired ${plural(closed.length, 'payment')} pending for more than ${expiryHours} hours`,
      details: closed.slice(0, LISTED),
    };
  },
};

export const SCRIPT_ACTIONS: Readonly<Record<ScriptActionName, ScriptRunner>> = {
  rebuildPhaseRankings: RANKING_ACTIONS.rebuildPhaseRankings,
  reenqueueStuckOutbox: defineAction(reenqueueStuckOutbox),
  resendFailedMail: defineAction(resendFailedMailAction),
  expireStalePayments: defineAction(expireStalePayments),
  rescorePlay: RANKING_ACTIONS.rescorePlay,
};
