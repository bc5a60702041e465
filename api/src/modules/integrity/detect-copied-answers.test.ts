import { describe, expect, it } from 'vitest';
import { comparePlays, copyCandidates, detectCopiedAnswers } from './detect-copied-answers.js';
import { answer, gradeOf, playOf } from './detectors.fixtures.js';
import { DEFAULT_THRESHOLDS } from './integrity.thresholds.js';

const t = DEFAULT_THRESHOLDS.copiedAnswers;
/** Twenty answers; `wrong` maps a position to the wrong choice made there. */
const sheet = (id: string, wrong: Record<number, string>) =>
  playOf(
    id,
    Array.from({ length: 20 }, (_, p) =>
      answer(p, wrong[p] ? { isCorrect: false, choice: `o:${wrong[p]}${p}` } : {}),
    ),
  );
const grade = gradeOf(20, { choices: {} });
for (const [id, stats] of grade) {
  const p = id.slice(1);
  stats.choices = { [`o:right${p}`]: 700, [`o:wrong${p}`]: 200, [`o:rare${p}`]: 30, [`o:other${p}`]: 70 };
}

describe('COPIED_ANSWERS', () => {
  const source = sheet('source', {
    1: 'wrong',
    4: 'rare',
    7: 'other',
    9: 'wrong',
    12: 'rare',
    15: 'other',
    18: 'wrong',
  });
  const copy = { ...sheet('copy', {}), answers: source.answers };

  it('flags both plays of a copied sheet with per-question matches and their chance', () => {
    const signals = detectCopiedAnswers(
      [sheet('x', { 2: 'wrong' }), source, sheet('y', { 5: 'wrong', 6: 'wrong' }), copy],
      grade,
      t,
    );
    expect(signals.map((s) => s.playId).sort()).toEqual(['copy', 'source']);
    const found = signals.find((s) => s.playId === 'copy')!;
    expect(found.relatedPlayIds).toEqual(['source']);
    const pair = (found.evidence.pairs as ReturnType<typeof comparePlays>[])[0]!;
    expect(pair).toMatchObject({ otherPlayId: 'source', common: 20, matches: 20, sharedWrong: 7 });
    expect(pair.chanceLog10).toBeLessThan(t.maxChanceLog10);
    expect(pair.questions[4]).toMatchObject({
      choice: 'o:rare4',
      otherChoice: 'o:rare4',
      match: true,
      isCorrect: false,
    });
  });

  it('weighs the questions a pair answered differently: matching 18 of 20 is far likelier by luck than the 18 alone say', () => {
    const productOfMatches = (pair: ReturnType<typeof comparePlays>) =>
      pair.questions.reduce((sum, q) => sum + (q.match && q.chance !== null ? Math.log10(q.chance) : 0), 0);
    const exact = comparePlays(copy, source, grade, t);
    // All 20 the same: at least 20 matches is exactly the chance of those 20.
    expect(exact.chanceLog10).toBeCloseTo(productOfMatches(exact), 2);
    const near = {
      ...sheet('near', {}),
      answers: source.answers.map((a, i) =>
        i === 0 || i === 2 ? answer(i, { isCorrect: false, choice: `o:wrong${i}` }) : a,
      ),
    };
    const pair = comparePlays(near, source, grade, t);
    expect(pair).toMatchObject({ common: 20, matches: 18, sharedWrong: 7 });
    // Any 18 of the 20 would do: more than a hundred times likelier than the product of the 18.
    expect(pair.chanceLog10).toBeGreaterThan(productOfMatches(pair) + 2);
  });

  it('does not flag two good students who agree on right answers and one common mistake', () => {
    const a = sheet('a', { 3: 'wrong', 8: 'wrong', 11: 'wrong' });
    const b = sheet('b', { 3: 'wrong', 8: 'wrong', 11: 'wrong', 14: 'other' });
    expect(comparePlays(a, b, grade, t).chanceLog10).toBeGreaterThan(t.maxChanceLog10);
    expect(detectCopiedAnswers([a, b], grade, t)).toEqual([]);
  });

  it('only compares plays that share enough wrong answers (the bucket index)', () => {
    const plays = [
      sheet('a', { 1: 'wrong', 2: 'wrong', 3: 'wrong' }),
      sheet('b', { 1: 'wrong', 2: 'wrong', 3: 'wrong' }),
      sheet('c', { 1: 'wrong', 2: 'wrong' }),
      sheet('d', {}),
    ];
    expect(copyCandidates(plays, 3)).toEqual(new Map([[0, new Set([1])]]));
  });

  it('compares typed answers too, and only questions both plays were given', () => {
    const a = playOf('a', [answer(0, { isCorrect: false, choice: 't:42' }), answer(1)]);
    const b = playOf('b', [answer(0, { isCorrect: false, choice: 't:42' }), answer(5)]);
    expect(comparePlays(a, b, grade, t)).toMatchObject({ common: 1, matches: 1, sharedWrong: 1 });
  });
});
