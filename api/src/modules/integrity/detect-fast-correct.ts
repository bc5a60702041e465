import type { IntegrityThresholds } from '../../contracts/integrity.js';
import type { GradeDistribution, PlayFacts, Signal } from './integrity.types.js';
import { clamp01, mean, round3 } from './stats.js';

/**
 * The fastest a correct answer to this question can honestly be: the time to read its text, or a
 * fraction of the grade's low percentile of correct times once enough children answered it correctly.
 */
export function fastFloorMs(
  stats: { textLength: number; correct: number; correctLowMs: number | null } | undefined,
  t: IntegrityThresholds['fastCorrect'],
): { floorMs: number; readingMs: number } {
  const readingMs = t.minReadMs + t.readMsPerChar * (stats?.textLength ?? 0);
  const peers =
    stats && stats.correct >= t.minSample && stats.correctLowMs !== null
      ? stats.correctLowMs * t.percentileFactor
      : 0;
  return { floorMs: Math.round(Math.max(readingMs, peers)), readingMs: Math.round(readingMs) };
}

/** FAST_CORRECT: correct answers faster than anyone can read the question, against the grade's times. */
export function detectFastCorrect(
  play: PlayFacts,
  grade: GradeDistribution,
  t: IntegrityThresholds['fastCorrect'],
): Signal | null {
  const questions = play.answers
    .filter((a) => a.answered)
    .map((a) => {
      const stats = grade.get(a.questionId);
      const { floorMs, readingMs } = fastFloorMs(stats, t);
      return {
        questionId: a.questionId,
        position: a.position,
        isCorrect: a.isCorrect,
        timeTakenMs: a.timeTakenMs,
        floorMs,
        readingMs,
        fast: a.isCorrect && a.timeTakenMs < floorMs,
        grade: {
          correct: stats?.correct ?? 0,
          lowMs: stats?.correctLowMs ?? null,
          p10Ms: stats?.correctP10Ms ?? null,
          medianMs: stats?.correctMedianMs ?? null,
        },
      };
    });
  const correct = questions.filter((q) => q.isCorrect).length;
  const fast = questions.filter((q) => q.fast);
  if (fast.length < t.minFastAnswers || fast.length < t.minFastFraction * correct) {
    return null;
  }
  // How many (share of the correct answers) and how far under the floor (1: instant).
  const depth = mean(fast.map((q) => 1 - q.timeTakenMs / q.floorMs));
  const strength = clamp01((fast.length / Math.max(correct, 1)) * (0.5 + 0.5 * depth));
  return {
    playId: play.playId,
    kind: 'FAST_CORRECT',
    strength: round3(strength),
    evidence: {
      fastCount: fast.length,
      correctCount: correct,
      percentile: t.percentile,
      questions,
    },
    relatedPlayIds: [],
  };
}
