import type { Db } from '@riyazi/db';
import { type CacheNode, closeCacheNode, createCacheNode } from './lib/node-caches.js';
import { primaryReads, type ReadRouter } from './lib/read-routing.js';
import { createQualificationGates } from './modules/phase-progress/qualification.js';
import { createPlayEngine } from './modules/play-quiz/play-engine.js';
import { createAnswerScorer } from './modules/play-quiz/play-scoring.js';
import { createRankingCaches } from './modules/rankings/ranking-caches.js';
import { createChampionsCache } from './modules/winners/champions.service.js';
import type { Queues } from './queue/queues.js';
import { createBoardRooms } from './realtime/board-rooms.js';

/**
 * A node's in-memory state: every per-node cache and every group-commit batcher, made once with
 * the app context (app.ts) or a workers process (workers/src/runtime.ts) and passed to services in
 * their deps. Two apps in one process (a test's node A and node B) each have their own. A change
 * reaches the caches of every node one way: announceCacheChanges (lib/node-caches.ts) after the
 * commit, which the cache bus delivers to every engine on every node (README: "Per-node caches").
 */
export function createEngine({ db, queues, reads }: { db: Db; queues: Queues; reads?: ReadRouter }) {
  const caches: CacheNode = createCacheNode(db);
  // Boards read through it (the replica when there is one); none given: the primary.
  const boardReads = reads ?? primaryReads(db);
  return {
    caches,
    /** Where reads that may lag go (lib/read-routing.ts): the replica when there is one. */
    reads: boardReads,
    /** Start, serve and answer (play-engine.ts). */
    play: createPlayEngine(caches, db, queues),
    /** The scoring worker's batcher (play-scoring.ts). */
    scoreAnswer: createAnswerScorer(db),
    qualificationGates: createQualificationGates(caches, db),
    rankings: createRankingCaches(caches, boardReads),
    champions: createChampionsCache(caches, boardReads),
    /** Which phase and grade a socket's board room may name (realtime/board-rooms.ts). */
    boardRooms: createBoardRooms(caches, db),
    /** When its app or workers close: the bus stops dropping its caches. */
    close: () => closeCacheNode(caches),
  };
}

export type Engine = ReturnType<typeof createEngine>;

/** What a service that reads through the engine takes. */
export interface EngineDeps {
  db: Db;
  engine: Engine;
}
