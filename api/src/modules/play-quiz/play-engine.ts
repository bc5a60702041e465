import type { Db } from '@riyazi/db';
import { storedQuestionCache } from '#modules/questions';
import type { JobPayload } from '../../contracts/jobs.js';
import type { QuizKind } from '../../contracts/quiz-rules.js';
import { ANSWER_GRACE_MS } from '../../contracts/scoring.js';
import { createBatcher } from '../../lib/batcher.js';
import { type CacheNode, nodeCache } from '../../lib/node-caches.js';
import { isPgError, PG } from '../../lib/pg-errors.js';
import { enqueue, type Queues } from '../../queue/queues.js';
import * as answerBatches from './answer-batches.repository.js';
import * as batches from './play-batches.repository.js';
import { loadQuizPool, POOL_TTL_MS } from './play-pool.js';

export type Inserted =
  | { kind: 'created'; id: string; attempts: number }
  | { kind: 'no-attempt' }
  | { kind: 'open-play-exists' };

export type AnswerToScore = JobPayload<'scoring', 'answer.score'>;

const isCheckViolation = (err: unknown) => isPgError(err, PG.checkViolation);

/**
 * The play path's per-node state (part of the engine, api/src/engine.ts): its caches, dropped on
 * every node by the cache bus, and its batchers (lib/batcher.ts), which make the students who start,
 * are served or answer at the same moment share one statement.
 */
export function createPlayEngine(caches: CacheNode, db: Db, queues: Queues) {
  const playStructure = createBatcher({
    run: (playIds: string[]) => answerBatches.playStructures(db, playIds),
  });
  return {
    /** Contest content is read thousands of times a minute; an edit reaches every node through the cache bus. */
    question: storedQuestionCache(caches, db, 30_000),
    /** A quiz's pool per grade (play-pool.ts), by poolKey(quizId, gradeId). */
    quizPool: nodeCache(caches, 'quizPools', POOL_TTL_MS, (key) => loadQuizPool(db, key), {
      keep: (pool) => pool?.ready === true,
    }),
    /** What a contest-day start reads, batched across the students starting together. */
    startContext: createBatcher({
      run: (items: { studentId: string; quizId: string; kind: QuizKind }[]) =>
        batches.startContexts(db, items),
    }),
    insertPlay: createBatcher<batches.NewPlay, Inserted>({
      run: async (plays) => {
        try {
          return (await batches.insertPlays(db, plays)).map((row) =>
            row ? { kind: 'created', id: row.id, attempts: row.attempts } : { kind: 'open-play-exists' },
          );
        } catch (err) {
          // Alone, the attempts CHECK means this student's last attempt went since their start was read.
          if (plays.length === 1 && isCheckViolation(err)) {
            return [{ kind: 'no-attempt' }];
          }
          throw err;
        }
      },
    }),
    serve: createBatcher({
      run: (items: { playId: string; questionId: string; studentId: string; now: Date }[]) =>
        batches.serveMany(db, items, ANSWER_GRACE_MS),
    }),
    /** The fixed part of plays being answered: one read per play and node (a quiz or question edit drops them all). */
    playStructure: nodeCache(caches, 'playStructures', 30 * 60_000, (playId) => playStructure(playId), {
      maxEntries: 50_000,
      keep: (structure) => structure !== null,
    }),
    recordAnswer: createBatcher({
      run: (items: answerBatches.AnswerInput[]) => answerBatches.recordAnswers(db, items, ANSWER_GRACE_MS),
    }),
    /** The answers recorded together go to the scoring worker as one job (one Redis round trip). */
    scoringJob: createBatcher<AnswerToScore, null>({
      maxBatch: 500,
      run: async (answers) => {
        await enqueue(
          queues,
          'scoring',
          'answers.score',
          { answers },
          { jobId: `answers-${answers[0]!.eventId}` },
        );
        return answers.map(() => null);
      },
    }),
  };
}

export type PlayEngine = ReturnType<typeof createPlayEngine>;
