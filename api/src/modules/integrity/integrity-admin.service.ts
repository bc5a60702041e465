import type { Db } from '@riyazi/db';
import type { Job } from 'bullmq';
import type {
  IntegrityOverrides,
  IntegrityPhaseSummary,
  IntegrityRunDto,
  IntegritySettingsDto,
} from '../../contracts/integrity.js';
import { audit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { enqueue, type Queues } from '../../queue/queues.js';
import * as repo from './integrity.repository.js';
import type { PhaseRunResult } from './integrity.service.js';
import { DEFAULT_THRESHOLDS, resolveThresholds } from './integrity.thresholds.js';

type Actor = { id: string; ip: string };

function settingsDto(row: { thresholds: unknown; updatedAt: Date }): IntegritySettingsDto {
  const { thresholds, overrides } = resolveThresholds(row.thresholds);
  return { thresholds, overrides, defaults: DEFAULT_THRESHOLDS, updatedAt: row.updatedAt.toISOString() };
}

export async function readIntegritySettings(db: Db): Promise<IntegritySettingsDto> {
  return settingsDto(await repo.readSettings(db));
}

/** Replaces the stored overrides (an empty object restores every default), audited with before and after. */
export async function updateIntegritySettings(
  db: Db,
  actor: Actor,
  overrides: IntegrityOverrides,
): Promise<IntegritySettingsDto> {
  return db.transaction().execute(async (trx) => {
    const before = resolveThresholds((await repo.readSettings(trx)).thresholds).overrides;
    const row = await repo.writeSettings(trx, overrides, actor.id);
    await audit(trx, actor, 'integrity.settings.update', 'integritySettings', '1', {
      from: before,
      to: overrides,
    });
    return settingsDto(row);
  });
}

/** The phases staff can check, newest first. */
export async function integrityPhases(db: Db): Promise<{ data: IntegrityPhaseSummary[] }> {
  const rows = await repo.phaseOverview(db);
  return {
    data: rows.map(({ id, startsAt, endsAt, ...row }) => ({
      _id: id,
      ...row,
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(endsAt).toISOString(),
    })),
  };
}

/** Progress the phase job reports, and its result at the end. */
export interface RunProgress {
  done: number;
  total: number;
  result?: PhaseRunResult;
}

/** One job id per phase: a run asked for while one waits or runs is that run. */
export const phaseRunJobId = (phaseId: string) => `integrity-phase-${phaseId}`;

async function runDto(phaseId: string, job: Job | undefined): Promise<IntegrityRunDto> {
  if (!job) {
    return {
      phaseId,
      jobId: null,
      state: 'none',
      progress: { done: 0, total: 0 },
      result: null,
      error: null,
    };
  }
  const state = await job.getState();
  const progress = (typeof job.progress === 'object' ? job.progress : {}) as Partial<RunProgress>;
  return {
    phaseId,
    jobId: job.id ?? null,
    state:
      state === 'completed' || state === 'failed' || state === 'active'
        ? state
        : state === 'unknown'
          ? 'none'
          : 'waiting',
    progress: { done: progress.done ?? 0, total: progress.total ?? 0 },
    result: progress.result ?? null,
    error: state === 'failed' ? 'The run failed; run it again.' : null,
  };
}

export async function phaseRunStatus(db: Db, queues: Queues, phaseId: string): Promise<IntegrityRunDto> {
  if (!(await repo.phaseExists(db, phaseId))) {
    throw notFound('Phase not found');
  }
  return runDto(phaseId, await queues.integrity.getJob(phaseRunJobId(phaseId)));
}

/** Queues the phase's run unless one is waiting or running (then answers that one); audited when queued. */
export async function startPhaseRun(
  db: Db,
  queues: Queues,
  actor: Actor,
  phaseId: string,
): Promise<IntegrityRunDto> {
  if (!(await repo.phaseExists(db, phaseId))) {
    throw notFound('Phase not found');
  }
  const jobId = phaseRunJobId(phaseId);
  const previous = await queues.integrity.getJob(jobId);
  const previousState = previous ? await previous.getState() : 'unknown';
  if (previous && previousState !== 'completed' && previousState !== 'failed') {
    return runDto(phaseId, previous);
  }
  await previous?.remove();
  await audit(db, actor, 'integrity.phase.run', 'phase', phaseId, {});
  const job = await enqueue(queues, 'integrity', 'phase.run', { phaseId }, { jobId, attempts: 2 });
  return runDto(phaseId, job);
}
