import { announceCacheChanges } from '@riyazi/api/cache-bus';
import { enqueue, type Queues } from '@riyazi/api/queue';
import { publishBoards, publishLeaderboards, recomputeStandings } from '@riyazi/api/rankings';
import type { Handlers } from '../handlers.js';
import { schedulePlayCheck } from './integrity.js';

/** A phase and grade is ranked at most once per window: the debounce, and each room's throttle. */
export const RECOMPUTE_WINDOW_MS = 2000;
/** After the window closes, so every finish it took (committed before its event) is in the snapshot. */
const AFTER_WINDOW_MS = 100;

/**
 * One delayed recompute per phase, grade and window: finishes in the same window share its jobId,
 * and BullMQ ignores an add whose jobId exists. It runs when the window closes.
 */
export function scheduleRecompute(queues: Queues, phaseId: string, gradeId: string, now = Date.now()) {
  const window = Math.floor(now / RECOMPUTE_WINDOW_MS);
  const runAt = (window + 1) * RECOMPUTE_WINDOW_MS + AFTER_WINDOW_MS;
  return enqueue(
    queues,
    'ranking',
    'standings.recompute',
    { phaseId, gradeId },
    { jobId: `standings-${phaseId}-${gradeId}-${window}`, delay: runAt - now },
  );
}

export const rankingHandlers: Handlers['ranking'] = {
  'play.finished': async ({ playId, phaseId, gradeId, kind }, _job, { queues }) => {
    if (kind !== 'CONTEST') {
      return;
    }
    await scheduleRecompute(queues, phaseId, gradeId);
    await schedulePlayCheck(queues, playId);
  },

  // The board as it is now (frozen or not) with the student's data as it is now, then a re-rank.
  'standings.stale': async ({ phaseId, gradeId }, _job, { db, io, queues }) => {
    await announceCacheChanges(db, [
      { cache: 'leaderboards', key: phaseId },
      { cache: 'champions', key: null },
    ]);
    await publishBoards(db, io, phaseId, [gradeId]);
    await scheduleRecompute(queues, phaseId, gradeId);
  },

  // Always publishes, even when nothing moved: a retry after a lost emit still reaches the room.
  'standings.recompute': async ({ phaseId, gradeId }, _job, { db, io, log }) => {
    const result = await recomputeStandings(db, phaseId, gradeId);
    // Before the push: a watcher that refetches reads the new board on any api node.
    await announceCacheChanges(db, [{ cache: 'leaderboards', key: phaseId }]);
    const published = await publishLeaderboards(db, io, phaseId, [gradeId]);
    log.debug(
      {
        phaseId,
        gradeId,
        ranked: result.rankedCount,
        changed: result.changed,
        ms: result.durationMs,
        published,
      },
      'standings recomputed',
    );
  },
};
