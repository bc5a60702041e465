import type { Db } from '@riyazi/db';
import { z } from 'zod';
import { failedMailSince, resendFailedMail } from '#modules/mail';
import { expireStalePendingPayments, findStalePendingPayments, PAYMENT_EXPIRY_MS } from '#modules/payments';
import { findPhaseName, previewPhaseRebuild, publishLeaderboards, rebuildPhase } from '#modules/rankings';
import {
  FAILED_MAIL_HOURS,
  type ScriptActionInfo,
  type ScriptActionName,
  type ScriptRunResult,
  STUCK_MINUTES,
} from '../../contracts/script-admin.js';
import { badRequest } from '../../lib/errors.js';
import { announceCacheChanges } from '../../lib/node-caches.js';
import { dispatchOutboxEvent, outboxEventOf } from '../../queue/outbox.js';
import { countRelayAttempt } from '../../queue/outbox.repository.js';
import type { Queues } from '../../queue/queues.js';
import type { TypedServer } from '../../realtime/adapter.js';
import * as repo from './script-admin.repository.js';

export interface ScriptDeps {
  db: Db;
  queues: Queues;
  io: TypedServer;
  log: { warn: (obj: object, msg: string) => void };
}

/** Events one run re-enqueues at most; a second run takes the rest. */
const OUTBOX_BATCH = 1000;
/** Event ids a result lists at most. */
const LISTED = 20;

type Outcome = Omit<ScriptRunResult, 'action' | 'dryRun'>;

interface ScriptAction<P> {
  info: ScriptActionInfo;
  params: z.ZodType<P>;
  /** Checks what the schema cannot (the phase exists); throws a 4xx. */
  check?: (deps: ScriptDeps, params: P) => Promise<void>;
  dryRun: (deps: ScriptDeps, params: P) => Promise<Outcome>;
  run: (deps: ScriptDeps, params: P) => Promise<Outcome>;
}

/** An action with its parameter type closed over: the service hands it raw params. */
export interface ScriptRunner {
  info: ScriptActionInfo;
  /** Parses and checks the params (4xx on bad ones), then returns the dry run or the run. */
  prepare: (deps: ScriptDeps, rawParams: unknown) => Promise<(dryRun: boolean) => Promise<Outcome>>;
}

function defineAction<P>(action: ScriptAction<P>): ScriptRunner {
  return {
    info: action.info,
    async prepare(deps, rawParams) {
      const parsed = action.params.safeParse(rawParams ?? {});
      if (!parsed.success) {
        throw badRequest(parsed.error.issues.map((issue) => issue.message).join('; '));
      }
      const params = parsed.data;
      await action.check?.(deps, params);
      return (dryRun) => (dryRun ? action.dryRun(deps, params) : action.run(deps, params));
    },
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

async function gradeLines(
  db: Db,
  grades: { gradeId: string; rankedCount: number; changed: number }[],
  verb: string,
) {
  const titles = await repo.gradeTitles(
    db,
    grades.map((g) => g.gradeId),
  );
  return grades.map(
    (g) => `${titles.get(g.gradeId) ?? g.gradeId}: ${g.rankedCount} ranked, ${g.changed} ${verb}`,
  );
}

const phaseParams = z.object({ phaseId: z.uuid({ message: 'phaseId must be a phase id' }) });

const rebuildPhaseRankings: ScriptAction<z.infer<typeof phaseParams>> = {
  info: {
    name: 'rebuildPhaseRankings',
    title: "Rebuild a phase's rankings",
    description:
      'Ranks every grade of the phase again from its finished contest plays and pushes the live boards. ' +
      'Standings already right are left as they are; frozen public boards stay frozen.',
    params: [{ name: 'phaseId', label: 'Phase', kind: 'phase' }],
  },
  params: phaseParams,
  async check({ db }, { phaseId }) {
    if ((await findPhaseName(db, phaseId)) === null) {
      throw badRequest('No phase has this id');
    }
  },
  async dryRun({ db }, { phaseId }) {
    const preview = await previewPhaseRebuild(db, phaseId);
    const changed = preview.grades.reduce((sum, g) => sum + g.changed, 0);
    return {
      changed,
      summary: `Would change ${plural(changed, 'standing')} in ${plural(preview.grades.length, 'grade')} (${plural(preview.ranked, 'student')} ranked)`,
      details: await gradeLines(db, preview.grades, 'to change'),
    };
  },
  async run({ db, io }, { phaseId }) {
    const result = await rebuildPhase(db, phaseId);
    const gradeIds = result.grades.map((g) => g.gradeId);
    await announceCacheChanges(db, [{ cache: 'leaderboards', key: phaseId }]);
    await publishLeaderboards(db, io, phaseId, gradeIds);
    const changed = result.grades.reduce((sum, g) => sum + g.changed, 0);
    return {
      changed,
      summary: `Changed ${plural(changed, 'standing')} in ${plural(result.grades.length, 'grade')} (${plural(result.ranked, 'student')} ranked)`,
      details: await gradeLines(db, result.grades, 'changed'),
    };
  },
};

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
  rebuildPhaseRankings: defineAction(rebuildPhaseRankings),
  reenqueueStuckOutbox: defineAction(reenqueueStuckOutbox),
  resendFailedMail: defineAction(resendFailedMailAction),
  expireStalePayments: defineAction(expireStalePayments),
};
