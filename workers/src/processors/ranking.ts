import type { Handlers } from '../handlers.js';

/**
 * A finished contest play changes its phase and grade standings. Computing and pushing the
 * standings is the rankings issue (#7); until then the event is acknowledged and logged, and the
 * outbox keeps every finished play for that worker to replay from.
 */
export const rankingHandlers: Handlers['ranking'] = {
  'play.finished': async ({ playId, phaseId, gradeId }, _job, { log }) => {
    log.info(
      { playId, phaseId, gradeId },
      'contest play finished; standings are computed by the ranking worker',
    );
  },
};
