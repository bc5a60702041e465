import type { Db } from '@riyazi/db';
import { type CacheNode, nodeCache } from '../../lib/node-caches.js';
import type { MarkedTable, ReadRouter } from '../../lib/read-routing.js';
import { homeLeaderboard, leaderboard } from './leaderboards.service.js';
import { getPublicDisplay } from './public-display.service.js';
import type { LeaderboardQuery } from './rankings.schemas.js';

/** Public boards are read by every watcher on each update: one load per node and key per second. */
const BOARD_TTL_MS = 1000;
const HOME = 'home';
// A change of a phase's boards ("leaderboards", phaseId) hits its pages and the home board.
const boardMatches = (key: string, phaseId: string) => key === HOME || key.startsWith(`${phaseId}|`);

/**
 * Boards accept a replica's lag (they say how old they are, `asOf`), except for what an admin just
 * changed about them: a freeze or reveal, how children are named.
 */
const BOARD_TABLES: readonly MarkedTable[] = ['board_freezes', 'public_display_settings', 'phases'];

/** The public boards and the home page announcement as the engine keeps them per node. */
export function createRankingCaches(caches: CacheNode, reads: ReadRouter) {
  const board = async <T>(load: (db: Db, asOf: Date) => Promise<T>) =>
    (await reads.read(BOARD_TABLES, load)).value;
  const pages = nodeCache(
    caches,
    'leaderboards',
    BOARD_TTL_MS,
    (_key, q: LeaderboardQuery) =>
      board((db, asOf) =>
        leaderboard(db, q.phaseId, q.gradeId, { offset: (q.page - 1) * q.limit, limit: q.limit }, asOf),
      ),
    // Keyed by page and size, which any visitor chooses: bounded well below the default (a board is
    // up to 100 entries).
    { matches: boardMatches, maxEntries: 1000 },
  );
  const home = nodeCache(
    caches,
    'leaderboards',
    BOARD_TTL_MS,
    () => board((db, asOf) => homeLeaderboard(db, asOf)),
    { matches: boardMatches },
  );
  /** The home page announcement, read by every visitor: one load per node every two seconds. */
  const announcement = nodeCache(
    caches,
    'publicDisplay',
    2000,
    async () => (await reads.read(['public_display_settings'], (db) => getPublicDisplay(db))).value,
  );
  return {
    boardPage: (q: LeaderboardQuery) => pages(`${q.phaseId}|${q.gradeId}|${q.page}|${q.limit}`, q),
    homeBoard: () => home(HOME),
    announcement: () => announcement('announcement'),
  };
}
export type RankingCaches = ReturnType<typeof createRankingCaches>;
