/**
 * Scoring of DESIGN.md, shared by the scoring worker and the results screen: a correct answer
 * scores 0.5 + 0.5 × (1 − t / limit) (1.0 instantly, 0.5 at the buzzer) times the question's
 * weight; a wrong or missing answer scores 0.
 */
export function answerScore(correct: boolean, timeTakenMs: number, limitMs: number, weight = 1): number {
  if (!correct || limitMs <= 0) {
    return 0;
  }
  const t = Math.min(Math.max(timeTakenMs, 0), limitMs);
  return Math.round(weight * (0.5 + 0.5 * (1 - t / limitMs)) * 10_000) / 10_000;
}

/** A contest answer that reaches the server this long after the deadline still counts (network). */
export const ANSWER_GRACE_MS = 3000;

/** Multi-select is correct only with exactly the correct set; single-select with the one correct option. */
export function isCorrectSelection(selected: readonly string[], correct: readonly string[]): boolean {
  if (correct.length === 0 || selected.length !== correct.length) {
    return false;
  }
  const wanted = new Set(correct);
  return new Set(selected).size === selected.length && selected.every((id) => wanted.has(id));
}
