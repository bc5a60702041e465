import { describe, expect, it } from 'vitest';
import {
  allocatePicked,
  allocatePool,
  type PoolCandidate,
  type PoolRule,
  ruleSpecificity,
} from './quiz-pool.js';

const questions = (n: number, categoryId: string, subCategoryId: string, prefix = subCategoryId) =>
  Array.from({ length: n }, (_, i): PoolCandidate => ({ id: `${prefix}-${i}`, categoryId, subCategoryId }));

const rule = (
  position: number,
  questionCount: number,
  categoryId: string | null = null,
  subCategoryId: string | null = null,
): PoolRule => ({ position, questionCount, categoryId, subCategoryId });

describe('allocatePool', () => {
  it('fills one any-category rule from every candidate', () => {
    const pool = [...questions(3, 'alg', 'frac'), ...questions(4, 'geo', 'angles')];
    const result = allocatePool([rule(1, 5)], pool);
    expect(result).toMatchObject({ needed: 5, available: 5, shortBy: 0 });
    expect(result.rules[0]!.questionIds).toHaveLength(5);
  });

  it('reports each rule short on its own, by position', () => {
    const pool = [...questions(2, 'alg', 'frac'), ...questions(10, 'geo', 'angles')];
    const result = allocatePool([rule(1, 4, 'geo'), rule(2, 5, 'alg', 'frac')], pool);
    expect(result).toMatchObject({ needed: 9, available: 6, shortBy: 3 });
    expect(result.rules.map(({ questionIds: _q, ...r }) => r)).toEqual([
      { position: 1, needed: 4, available: 4, shortBy: 0 },
      { position: 2, needed: 5, available: 2, shortBy: 3 },
    ]);
  });

  it('gives overlapping rules their questions most specific first, whatever their order', () => {
    // 5 Fractions, 3 other Algebra, 4 Geometry. "Any" listed first would take Fractions greedily by
    // position and starve the Fractions rule; specificity order fills all three exactly.
    const pool = [
      ...questions(5, 'alg', 'frac'),
      ...questions(3, 'alg', 'eq'),
      ...questions(4, 'geo', 'angles'),
    ];
    const rules = [rule(1, 4, null), rule(2, 3, 'alg'), rule(3, 5, 'alg', 'frac')];
    const result = allocatePool(rules, pool);
    expect(result).toMatchObject({ needed: 12, available: 12, shortBy: 0 });
    const [any, algebra, fractions] = result.rules;
    expect(fractions!.questionIds.every((id) => id.startsWith('frac'))).toBe(true);
    expect(algebra!.questionIds.every((id) => id.startsWith('eq'))).toBe(true);
    expect(any!.questionIds.every((id) => id.startsWith('angles'))).toBe(true);
  });

  it('never uses a question twice', () => {
    const pool = questions(6, 'alg', 'frac');
    const result = allocatePool([rule(1, 4, 'alg', 'frac'), rule(2, 4, 'alg'), rule(3, 4)], pool);
    const all = result.rules.flatMap((r) => r.questionIds);
    expect(new Set(all).size).toBe(all.length);
    expect(result).toMatchObject({ needed: 12, available: 6, shortBy: 6 });
    expect(result.rules.map((r) => r.available)).toEqual([4, 2, 0]);
  });

  it('is exact on nested rules: matches a brute-force best assignment on small random pools', () => {
    const cats = [
      ['a', 'a1'],
      ['a', 'a2'],
      ['b', 'b1'],
    ] as const;
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor(seed / 65536) % n;
    };
    for (let round = 0; round < 200; round++) {
      const pool = Array.from({ length: random(8) }, (_, i): PoolCandidate => {
        const [categoryId, subCategoryId] = cats[random(3)]!;
        return { id: `q${i}`, categoryId, subCategoryId };
      });
      const shapes: [string | null, string | null][] = [
        [null, null],
        ['a', null],
        ['a', 'a1'],
        ['b', null],
        ['b', 'b1'],
      ];
      const rules = shapes
        .filter(() => random(2) === 1)
        .map(([c, s], i) => rule(i + 1, 1 + random(3), c, s))
        .reverse();
      const best = bruteForce(rules, pool);
      expect(allocatePool(rules, pool).available, JSON.stringify({ rules, pool })).toBe(best);
    }
  });
});

/** The most questions any assignment without reuse can give the rules. */
function bruteForce(rules: PoolRule[], pool: PoolCandidate[]): number {
  const fits = (r: PoolRule, q: PoolCandidate) =>
    (r.categoryId === null || r.categoryId === q.categoryId) &&
    (r.subCategoryId === null || r.subCategoryId === q.subCategoryId);
  const go = (i: number, left: number[]): number => {
    if (i === pool.length) {
      return 0;
    }
    let best = go(i + 1, left);
    rules.forEach((r, k) => {
      if (left[k]! > 0 && fits(r, pool[i]!)) {
        const next = [...left];
        next[k]! -= 1;
        best = Math.max(best, 1 + go(i + 1, next));
      }
    });
    return best;
  };
  return go(
    0,
    rules.map((r) => r.questionCount),
  );
}

describe('ruleSpecificity', () => {
  it('orders sub category, category, any category', () => {
    expect(ruleSpecificity({ categoryId: 'a', subCategoryId: 'a1' })).toBe(0);
    expect(ruleSpecificity({ categoryId: 'a', subCategoryId: null })).toBe(1);
    expect(ruleSpecificity({ categoryId: null, subCategoryId: null })).toBe(2);
  });
});

describe('allocatePicked', () => {
  it('needs questionCount eligible picked questions', () => {
    expect(allocatePicked(5, questions(3, 'a', 'a1'))).toEqual({
      needed: 5,
      available: 3,
      shortBy: 2,
      rules: [],
    });
    expect(allocatePicked(2, questions(3, 'a', 'a1'))).toMatchObject({ available: 2, shortBy: 0 });
  });
});
