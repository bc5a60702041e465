import type { IntegrityThresholds } from '../../contracts/integrity.js';
import type { AnswerFacts, GradeDistribution, PlayFacts, Signal } from './integrity.types.js';
import { atLeastChance, clamp01, combinations, round3 } from './stats.js';

type Thresholds = IntegrityThresholds['copiedAnswers'];

const wrongKeys = (play: PlayFacts): string[] =>
  play.answers
    .filter((a) => a.answered && !a.isCorrect && a.choice !== null)
    .map((a) => `${a.questionId}|${a.choice}`)
    .sort();

/**
 * The pairs worth comparing, without comparing all of them: a pair can only be flagged when it
 * shares at least minSharedWrong wrong answers, hence at least one combination of min(that, 3)
 * of them. Plays are indexed by those combinations; each bucket's members are the candidates.
 * Returns, per play index, the indexes after it that it shares a bucket with.
 */
export function copyCandidates(
  plays: readonly PlayFacts[],
  minSharedWrong: number,
): Map<number, Set<number>> {
  const k = Math.min(minSharedWrong, 3);
  const buckets = new Map<string, number[]>();
  plays.forEach((play, index) => {
    for (const combo of combinations(wrongKeys(play), k)) {
      const key = combo.join('\n');
      const bucket = buckets.get(key);
      if (bucket) {
        bucket.push(index);
      } else {
        buckets.set(key, [index]);
      }
    }
  });
  const pairs = new Map<number, Set<number>>();
  for (const bucket of buckets.values()) {
    for (let i = 0; i < bucket.length; i++) {
      for (let j = i + 1; j < bucket.length; j++) {
        const first = bucket[i] as number;
        const set = pairs.get(first) ?? new Set<number>();
        set.add(bucket[j] as number);
        pairs.set(first, set);
      }
    }
  }
  return pairs;
}

/** Per question: how many answered, and how many made each choice. */
type Frequencies = Map<string, { answered: number; choices: Record<string, number> }>;

const ABILITY_BANDS = 5;

/**
 * Answer frequencies among players of similar ability (bands of the plays ranked by correct
 * answers): weaker children share the same common mistakes, so a shared mistake is compared with
 * the children of the partner's band, not with the grade, whose strong players seldom make it.
 */
export function abilityBands(plays: readonly PlayFacts[]): {
  bandOf: Map<string, number>;
  bands: Frequencies[];
} {
  const correct = (play: PlayFacts) => play.answers.filter((x) => x.isCorrect).length;
  const ranked = [...plays].sort((a, b) => correct(a) - correct(b));
  const bandOf = new Map<string, number>();
  const bands: Frequencies[] = Array.from({ length: ABILITY_BANDS }, () => new Map());
  ranked.forEach((play, rank) => {
    const band = Math.floor((rank * ABILITY_BANDS) / ranked.length);
    bandOf.set(play.playId, band);
    const frequencies = bands[band] as Frequencies;
    for (const a of play.answers) {
      if (!a.answered || a.choice === null) {
        continue;
      }
      const stats = frequencies.get(a.questionId) ?? { answered: 0, choices: {} };
      stats.answered++;
      stats.choices[a.choice] = (stats.choices[a.choice] ?? 0) + 1;
      frequencies.set(a.questionId, stats);
    }
  });
  return { bandOf, bands };
}

/**
 * The chance another player makes this choice: its share of the answers of the partner's ability
 * band (the grade's when the band is too small), less the pair's own two.
 */
function chanceOf(
  choice: string,
  questionId: string,
  sources: (Frequencies | GradeDistribution | undefined)[],
  t: Thresholds,
): number | null {
  for (const source of sources) {
    const stats = source?.get(questionId);
    if (stats && stats.answered >= t.minSample) {
      const made = stats.choices[choice] ?? 0;
      return Math.max(made - 1, 1) / Math.max(stats.answered - 1, 1);
    }
  }
  return null;
}

export interface PairComparison {
  otherPlayId: string;
  common: number;
  matches: number;
  matchFraction: number;
  sharedWrong: number;
  /**
   * log10 of the chance that an independent player of the partner's ability matches this play at
   * least this often (the generalised binomial tail over the questions whose choices are counted);
   * 0 for a pair whose counts already rule it out (not computed).
   */
  chanceLog10: number;
  questions: {
    questionId: string;
    choice: string | null;
    otherChoice: string | null;
    isCorrect: boolean;
    otherIsCorrect: boolean;
    match: boolean;
    chance: number | null;
  }[];
}

/** Question by question: which answers two plays share, and how unlikely that is by chance. */
export function comparePlays(
  a: PlayFacts,
  b: PlayFacts,
  grade: GradeDistribution,
  t: Thresholds,
  band?: Frequencies,
): PairComparison {
  const other = new Map<string, AnswerFacts>(b.answers.map((x) => [x.questionId, x]));
  const questions: PairComparison['questions'] = [];
  // Per question, the chance an independent player of b's ability makes a's choice; with the number
  // of those questions matched, the chance of matching at least as often by luck.
  const chances: number[] = [];
  let matchedWithChance = 0;
  for (const mine of a.answers) {
    const theirs = other.get(mine.questionId);
    if (!theirs || !mine.answered || !theirs.answered || mine.choice === null || theirs.choice === null) {
      continue;
    }
    const match = mine.choice === theirs.choice;
    const chance = chanceOf(mine.choice, mine.questionId, [band, grade], t);
    if (chance !== null) {
      chances.push(chance);
      matchedWithChance += match ? 1 : 0;
    }
    questions.push({
      questionId: mine.questionId,
      choice: mine.choice,
      otherChoice: theirs.choice,
      isCorrect: mine.isCorrect,
      otherIsCorrect: theirs.isCorrect,
      match,
      chance: match && chance !== null ? round3(chance) : null,
    });
  }
  const matches = questions.filter((q) => q.match).length;
  const counts = {
    otherPlayId: b.playId,
    common: questions.length,
    matches,
    matchFraction: questions.length ? round3(matches / questions.length) : 0,
    sharedWrong: questions.filter((q) => q.match && !q.isCorrect).length,
  };
  // The exact tail only for a pair the plain counts leave in question (most pairs are not).
  const inQuestion =
    counts.common >= t.minCommonQuestions &&
    counts.matchFraction >= t.minMatchFraction &&
    counts.sharedWrong >= t.minSharedWrong;
  const tail = inQuestion ? atLeastChance(chances, matchedWithChance) : 1;
  return { ...counts, chanceLog10: round3(Math.log10(Math.max(tail, Number.MIN_VALUE))), questions };
}

export const isCopied = (pair: PairComparison, t: Thresholds): boolean =>
  pair.common >= t.minCommonQuestions &&
  pair.matchFraction >= t.minMatchFraction &&
  pair.sharedWrong >= t.minSharedWrong &&
  pair.chanceLog10 <= t.maxChanceLog10;

/** At the threshold 0.5; eight orders of magnitude rarer than it (or more) 1. */
const strengthOf = (chanceLog10: number, t: Thresholds) =>
  round3(clamp01(0.5 + (t.maxChanceLog10 - chanceLog10) / 16));

/**
 * COPIED_ANSWERS among the finished plays of one phase and grade: pairs whose answers (wrong
 * options and typed answers included) match far beyond chance. Both plays of a pair are flagged
 * (which one copied is for a person to judge), each naming the other.
 */
export function detectCopiedAnswers(
  plays: readonly PlayFacts[],
  grade: GradeDistribution,
  t: Thresholds,
): Signal[] {
  const { bandOf, bands } = abilityBands(plays);
  const bandFor = (play: PlayFacts) => bands[bandOf.get(play.playId) ?? -1];
  const flagged = new Map<number, PairComparison[]>();
  const note = (index: number, pair: PairComparison) =>
    flagged.set(index, [...(flagged.get(index) ?? []), pair]);
  for (const [i, others] of copyCandidates(plays, t.minSharedWrong)) {
    for (const j of others) {
      const a = plays[i] as PlayFacts;
      const b = plays[j] as PlayFacts;
      const pair = comparePlays(a, b, grade, t, bandFor(b));
      if (isCopied(pair, t)) {
        note(i, pair);
        note(j, comparePlays(b, a, grade, t, bandFor(a)));
      }
    }
  }
  return [...flagged].map(([index, pairs]) => {
    const sorted = pairs.sort((x, y) => x.chanceLog10 - y.chanceLog10);
    return {
      playId: (plays[index] as PlayFacts).playId,
      kind: 'COPIED_ANSWERS' as const,
      strength: strengthOf((sorted[0] as PairComparison).chanceLog10, t),
      evidence: { pairs: sorted.slice(0, 10) },
      relatedPlayIds: sorted.map((p) => p.otherPlayId),
    };
  });
}
