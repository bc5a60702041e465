import { computePlaySignals, type RunProgress, runPhaseSignals } from '@riyazi/api/integrity';
import { enqueue, type Queues } from '@riyazi/api/queue';
import type { Handlers } from '../handlers.js';

/** After a contest play finishes, its check waits this long so the peers finishing with it are in its grade's figures. */
export const PLAY_CHECK_DELAY_MS = 60_000;

export const schedulePlayCheck = (queues: Queues, playId: string) =>
  enqueue(
    queues,
    'integrity',
    'play.check',
    { playId },
    { jobId: `integrity-play-${playId}`, delay: PLAY_CHECK_DELAY_MS },
  );

export const integrityHandlers: Handlers['integrity'] = {
  'play.check': async ({ playId }, _job, { db }) => {
    await computePlaySignals(db, playId);
  },

  'phase.run': async ({ phaseId }, job, { db, log }) => {
    const result = await runPhaseSignals(db, phaseId, (done, total) =>
      job.updateProgress({ done, total } satisfies RunProgress),
    );
    await job.updateProgress({ done: result.plays, total: result.plays, result } satisfies RunProgress);
    log.info({ phaseId, ...result }, 'integrity signals computed');
  },
};
