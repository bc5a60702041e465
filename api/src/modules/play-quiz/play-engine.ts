import type { Db } from '@riyazi/db';
import { getFlags } from '#modules/flags';
import { phaseContest } from '#modules/phases';
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
/**
 * One read for everyone asking at the same moment, and nothing kept: a call made while a read runs
 * waits for the next one (so it never sees a value older than its own arrival), a lone call reads
 * at once. For what every contest page reads alike: the flags, the phase's contest.
 */
function sharedRead<K, V>(load: (key: K) => Promise<V>) {
  const batcher = createBatcher<K, V>({
    maxInFlight: 1,
    maxBatch: 10_000,
    run: async (keys) => {
      const distinct = [...new Set(keys)];
      const values = await Promise.all(distinct.map(load));
      const byKey = new Map(distinct.map((key, index) => [key, values[index] as V]));
      return keys.map((key) => byKey.get(key) as V);
    },
  });
  return (key: K) => batcher(key);
}

export function createPlayEngine(caches: CacheNode, db: Db, queues: Queues) {
  const playStructure = createBatcher({
    run: (playIds: string[]) => answerBatches.playStructures(db, playIds),
  });
  return {
    /** The flags as the contest page reads them, shared by the pages opened together. */
    flags: (
      (read) => () =>
        read(null)
    )(sharedRead((_: null) => getFlags(db))),
    /** A phase's contest (lifecycle) as the contest page reads it, shared by the pages opened together. */
    phaseContest: sharedRead((phaseId: string) => phaseContest(db, phaseId)),
    /** Contest content is read thousands of times a minute; an edit reaches every node through the cache bus. */
    question: storedQuestionCache(caches, db, 30_000),
    /** A quiz's pool per grade (play-pool.ts), by poolKey(quizId, gradeId). */
    quizPool: nodeCache(caches, 'quizPools', POOL_TTL_MS, (key) => loadQuizPool(db, key), {
      keep: (pool) => pool?.ready === true,
    }),
    /** What the contest page reads of each student, batched across the pages opened together. */
    availableFor: createBatcher({
      run: (items: { studentId: string; kind: QuizKind; phaseId: string; now: Date }[]) =>
        batches.availableFor(db, items),
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
