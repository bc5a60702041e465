import { describe, expect, it } from 'vitest';
import { detectFastCorrect, fastFloorMs } from './detect-fast-correct.js';
import { gradeOf, timedPlay } from './detectors.fixtures.js';
import { DEFAULT_THRESHOLDS } from './integrity.thresholds.js';

const t = DEFAULT_THRESHOLDS.fastCorrect;

describe('FAST_CORRECT', () => {
  it('takes the floor from the reading time, or half the grade low percentile when enough answered', () => {
    expect(fastFloorMs({ textLength: 100, correct: 5, correctLowMs: 9000 }, t)).toEqual({
      floorMs: 1800,
      readingMs: 1800,
    });
    expect(fastFloorMs({ textLength: 100, correct: 500, correctLowMs: 9000 }, t).floorMs).toBe(4500);
  });

  it('flags a play whose correct answers come faster than anyone reads, with per-question evidence', () => {
    const signal = detectFastCorrect(
      timedPlay('p', [600, 700, 650, 900, 30_000, 800, 700, 750]),
      gradeOf(8),
      t,
    );
    expect(signal?.kind).toBe('FAST_CORRECT');
    expect(signal?.evidence).toMatchObject({ fastCount: 7, correctCount: 8 });
    expect(signal?.strength).toBeGreaterThan(0.7);
    expect((signal!.evidence.questions as unknown[])[0]).toMatchObject({
      questionId: 'q0',
      timeTakenMs: 600,
      floorMs: 2000,
      fast: true,
      grade: { correct: 700, lowMs: 4000, medianMs: 25_000 },
    });
  });

  it('leaves alone a quick child whose fast answers are few, and fast wrong answers (a guess is not a cheat)', () => {
    expect(
      detectFastCorrect(timedPlay('p', [1500, 1800, 9000, 12_000, 30_000, 20_000]), gradeOf(6), t),
    ).toBeNull();
    expect(
      detectFastCorrect(timedPlay('p', [500, 500, 500, 500, 40_000], [0, 1, 2, 3]), gradeOf(5), t),
    ).toBeNull();
  });

  it('is stronger the more and the faster the fast answers are', () => {
    const some = detectFastCorrect(timedPlay('a', [1500, 1500, 1500, 20_000, 20_000, 20_000]), gradeOf(6), t);
    const all = detectFastCorrect(timedPlay('b', [300, 300, 300, 300, 300, 300]), gradeOf(6), t);
    expect(all!.strength).toBeGreaterThan(some!.strength);
  });
});
