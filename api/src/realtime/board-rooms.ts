import type { Db } from '@riyazi/db';
import { type CacheNode, nodeCache } from '../lib/node-caches.js';
import { listBoardKeys } from './rooms.repository.js';

// Every join of a board room is checked against this list, never against the database: a flood of
// made-up ids costs a lookup each, and at most one read per node per TTL. A phase or grade change
// drops it on every node through the cache bus (README: "Per-node caches").
const BOARD_ROOMS_TTL_MS = 5000;
const ALL = 'all';

interface BoardKeys {
  phaseIds: ReadonlySet<string>;
  gradeIds: ReadonlySet<string>;
}

/** Whether a phase and a grade both exist, as this node last read them (the engine's `boardRooms`). */
export function createBoardRooms(caches: CacheNode, db: Db) {
  const keys = nodeCache<BoardKeys>(
    caches,
    'boardRooms',
    BOARD_ROOMS_TTL_MS,
    async () => {
      const { phaseIds, gradeIds } = await listBoardKeys(db);
      return { phaseIds: new Set(phaseIds), gradeIds: new Set(gradeIds) };
    },
    { maxEntries: 1 },
  );
  return {
    exists: async (phaseId: string, gradeId: string): Promise<boolean> => {
      const known = await keys(ALL);
      return known.phaseIds.has(phaseId) && known.gradeIds.has(gradeId);
    },
  };
}

export type BoardRooms = ReturnType<typeof createBoardRooms>;
