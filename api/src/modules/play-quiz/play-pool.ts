import { randomInt } from 'node:crypto';
import type { Db } from '@riyazi/db';
import {
  allocatePicked,
  allocatePool,
  eligibleQuestions,
  type PoolCandidate,
  pickedOf,
  rulesOf,
} from '#modules/quizzes';
import type { AnswerKinds } from '../../contracts/play-quiz.js';
import * as repo from './play-quiz.repository.js';

/**
 * What a quiz draws from for one grade: the quiz, its rules or picked questions, the eligible
 * questions and their options. Ten thousand starts in a second read it once: it is kept for a few
 * seconds (the engine's quizPool cache); a quiz or question edit drops it on every node through the
 * cache bus; a pool found short is not kept, so a fix applies at once.
 */
export interface QuizPool {
  quiz: repo.PlayQuiz;
  servesGrade: boolean;
  candidates: PoolCandidate[];
  rules: Awaited<ReturnType<typeof rulesOf>> | null;
  optionIds: Map<string, string[]>;
  /** Whether the pool holds multiple-choice and typed-answer questions (for the rules screen). */
  answerKinds: AnswerKinds;
  ready: boolean;
}

export const POOL_TTL_MS = 5000;

/** Pools are cached by `quizId|gradeId`, so a change of a quiz ("quizPools", quizId) hits every grade. */
export const poolKey = (quizId: string, gradeId: string) => `${quizId}|${gradeId}`;

export async function loadQuizPool(db: Db, key: string): Promise<QuizPool | null> {
  const [quizId, gradeId] = key.split('|') as [string, string];
  const quiz = await repo.findQuizForPlay(db, quizId);
  if (!quiz) {
    return null;
  }
  const picked = quiz.poolMode === 'QUESTIONS' ? await pickedOf(db, quiz.id) : undefined;
  const [servesGrade, candidates, rules] = await Promise.all([
    repo.quizServesGrade(db, quiz.id, gradeId),
    eligibleQuestions(db, {
      gradeIds: [gradeId],
      phaseId: quiz.phaseId,
      kind: quiz.kind,
      ...(picked ? { questionIds: picked } : {}),
    }),
    quiz.poolMode === 'RULES' ? rulesOf(db, quiz.id) : Promise.resolve(null),
  ]);
  const optionIds = await repo.optionIdsOf(
    db,
    candidates.map((c) => c.id),
  );
  const answerKinds = {
    choice: candidates.some((c) => c.type === 'MCQS'),
    typed: candidates.some((c) => c.type === 'OPEN_ENDED'),
  };
  const pool = { quiz, servesGrade, candidates, rules, optionIds, answerKinds, ready: true };
  pool.ready = drawFrom(pool) !== null;
  return pool;
}

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Draws a play's questions from the pool: shuffled, without repeats, each with its option order.
 * Null when the pool cannot fill the quiz.
 */
export function drawFrom(
  pool: Omit<QuizPool, 'ready'>,
): { questionId: string; optionOrder: string[] }[] | null {
  const { quiz } = pool;
  const candidates = shuffle(pool.candidates);
  const allocation =
    pool.rules === null
      ? allocatePicked(quiz.questionCount, candidates)
      : allocatePool(pool.rules, candidates);
  if (allocation.shortBy > 0) {
    return null;
  }
  const ids =
    pool.rules === null
      ? candidates.slice(0, quiz.questionCount).map((c) => c.id)
      : allocation.rules.flatMap((rule) => rule.questionIds);
  // Rules fill in rule order; the student sees them mixed.
  return shuffle(ids).map((questionId) => ({
    questionId,
    optionOrder: shuffle(pool.optionIds.get(questionId) ?? []),
  }));
}
