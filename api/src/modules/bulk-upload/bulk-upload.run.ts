import { randomBytes } from 'node:crypto';
import { type Db, hashPassword } from '@riyazi/db';
import { hashOpaqueToken, newOpaqueToken } from '../../auth/tokens.js';
import type { JobProgressEvent } from '../../contracts/socket.js';
import { type DispatchDeps, markOutboxEnqueued } from '../../queue/outbox.js';
import { enqueue } from '../../queue/queues.js';
import * as repo from './bulk-upload.repository.js';
import type { StoredRow } from './bulk-upload.rows.js';

export const BATCH_SIZE = 500;

export interface RunDeps extends DispatchDeps {
  db: Db;
  /** Pushes progress to the run's room (workers: the socket emitter). */
  publish?: (event: JobProgressEvent) => void;
}

export interface RunOptions {
  batchSize?: number;
  /** Tests: called after each committed batch (throwing there simulates a crash mid-run). */
  afterBatch?: (processedRows: number) => void | Promise<void>;
}

const setPasswordLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;

/**
 * Creates the students of a confirmed upload in batches. Each batch commits its students, their
 * welcome e-mails and the run's position together, so a retry after a crash resumes after the
 * last committed batch; the unique e-mail index makes a re-run of the same file create nobody twice.
 */
export async function runBulkUpload(deps: RunDeps, jobId: string, options: RunOptions = {}): Promise<void> {
  const run = await repo.findRun(deps.db, jobId);
  if (!run || run.expiresAt !== null || run.status === 'SUCCEEDED' || run.status === 'CANCELLED') {
    return;
  }
  const result = run.result as unknown as repo.RunResult;
  const runOptions = result.options;
  if (!runOptions) {
    return;
  }
  const rows = (run.params as unknown as repo.UploadParams).rows;
  await repo.markRunning(deps.db, jobId);
  const total = rows.length;
  const publish = (status: JobProgressEvent['status'], progress: number) =>
    deps.publish?.({ jobId, status, progress });
  publish('RUNNING', run.progress);

  // One hash of a secret nobody keeps: the password cannot be used until it is set through the link.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const batchSize = options.batchSize ?? BATCH_SIZE;
  let state: repo.RunResult = { ...result, createdRows: [...result.createdRows] };

  for (let from = run.processedRows; from < total; from += batchSize) {
    const batch = rows.slice(from, from + batchSize);
    const to = from + batch.length;
    const progress = Math.floor((to / total) * 100);
    const { next, events } = await deps.db.transaction().execute(async (trx) => {
      const valid = batch.filter((r) => r.status !== 'invalid');
      const created = await repo.insertStudents(
        trx,
        valid.map((r) => ({
          ...r.student,
          passwordHash,
          emailVerified: runOptions.autoEmailVerified,
          autoEmailVerified: runOptions.autoEmailVerified,
        })),
      );
      const rowByEmail = new Map<string, StoredRow>(valid.map((r) => [r.student.email, r]));
      let events: { eventId: string; messageId: string }[] = [];
      if (runOptions.sendWelcome && created.length > 0) {
        const tokens = created.map((s) => ({ ...s, token: newOpaqueToken() }));
        await repo.insertWelcomeTokens(
          trx,
          tokens.map((s) => ({ id: s.id, email: s.email, tokenHash: hashOpaqueToken(s.token) })),
        );
        events = await repo.queueWelcomeMails(
          trx,
          tokens.map((s) => ({
            to: s.email,
            name: s.fullName,
            link: setPasswordLink(runOptions.publicUrl, s.token),
          })),
        );
      }
      const createdRows = created.map((s) => rowByEmail.get(s.email.toLowerCase())?.row ?? 0);
      const next: repo.RunResult = {
        ...state,
        created: state.created + created.length,
        skipped: state.skipped + valid.length - created.length,
        createdRows: [...state.createdRows, ...createdRows],
      };
      if (!(await repo.recordBatch(trx, jobId, from, to, progress, next))) {
        throw new Error(`bulk upload ${jobId}: another runner has moved past row ${from}`);
      }
      return { next, events };
    });
    state = next;
    await dispatchWelcomes(deps, events);
    publish('RUNNING', progress);
    await options.afterBatch?.(to);
  }
  await repo.finishRun(deps.db, jobId, 'SUCCEEDED', null);
  publish('SUCCEEDED', 100);
}

/** After commit, as dispatchAfterCommit but a batch at once; what fails here the outbox relay sends. */
async function dispatchWelcomes(deps: RunDeps, events: { eventId: string; messageId: string }[]) {
  if (events.length === 0) {
    return;
  }
  try {
    await Promise.all(events.map((e) => enqueue(deps.queues, 'mail', 'mail.send', e, { jobId: e.eventId })));
    await markOutboxEnqueued(
      deps.db,
      events.map((e) => e.eventId),
    );
  } catch (err) {
    deps.log.warn(
      { err, jobId: events[0]?.eventId },
      'enqueue after commit failed; the outbox relay will retry',
    );
  }
}

/** After a failed attempt: QUEUED while BullMQ will retry, FAILED after the last one. */
export async function recordFailure(deps: RunDeps, jobId: string, final: boolean, error: string) {
  await repo.finishRun(deps.db, jobId, final ? 'FAILED' : 'QUEUED', error.slice(0, 500));
  const run = await repo.findRun(deps.db, jobId);
  deps.publish?.({ jobId, status: final ? 'FAILED' : 'QUEUED', progress: run?.progress ?? 0 });
}
