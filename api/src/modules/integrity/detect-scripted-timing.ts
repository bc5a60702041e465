import type { IntegrityThresholds } from '../../contracts/integrity.js';
import type { PlayFacts, Signal } from './integrity.types.js';
import { clamp01, coefficientOfVariation, mean, round3, standardDeviation } from './stats.js';

/** SCRIPTED_TIMING: answer times so even (low coefficient of variation) that a program likely gave them. */
export function detectScriptedTiming(
  play: PlayFacts,
  t: IntegrityThresholds['scriptedTiming'],
): Signal | null {
  const answered = play.answers.filter((a) => a.answered);
  if (answered.length < t.minAnswers) {
    return null;
  }
  const timesMs = answered.map((a) => a.timeTakenMs);
  const cv = coefficientOfVariation(timesMs);
  if (!(cv <= t.maxCv)) {
    return null;
  }
  const answeredAt = answered.map((a) => a.answeredAtMs);
  const intervalsMs = answeredAt.slice(1).map((at, i) => at - (answeredAt[i] as number));
  return {
    playId: play.playId,
    kind: 'SCRIPTED_TIMING',
    // At the threshold 0.5, perfectly constant 1; more answers make it surer.
    strength: round3(
      clamp01((0.5 + 0.5 * (1 - cv / t.maxCv)) * Math.min(1, answered.length / (2 * t.minAnswers) + 0.5)),
    ),
    evidence: {
      answers: answered.length,
      timesMs,
      intervalsMs,
      meanMs: Math.round(mean(timesMs)),
      sdMs: Math.round(standardDeviation(timesMs)),
      cv: round3(cv),
      maxCv: t.maxCv,
    },
    relatedPlayIds: [],
  };
}
