import { describe, expect, it } from 'vitest';
import { type Snapshot, withoutStudent } from './frozen-boards.js';

const entry = (studentId: string, rank: number) => ({
  studentId,
  rank,
  score: 10 - rank,
  timeMs: 1000 * rank,
});
const snapshot = (entries: Snapshot[string]['entries']): Snapshot => ({
  g5: { rankedCount: 250, entries },
  g6: { rankedCount: 1, entries: [entry('zara', 1)] },
});

describe('a student taken off a frozen board', () => {
  it('moves those below up a place and counts one fewer ranked, other grades untouched', () => {
    const before = snapshot([entry('dua', 1), entry('ali', 2), entry('bilal', 3), entry('chanda', 4)]);
    const after = withoutStudent(before, 'g5', 'ali');
    expect(after?.g5).toEqual({
      rankedCount: 249,
      entries: [entry('dua', 1), { ...entry('bilal', 3), rank: 2 }, { ...entry('chanda', 4), rank: 3 }],
    });
    expect(after?.g6).toBe(before.g6);
  });

  it('moves nobody when another child shared the rank', () => {
    const before = snapshot([entry('dua', 1), entry('ali', 2), entry('bilal', 2), entry('chanda', 4)]);
    expect(withoutStudent(before, 'g5', 'ali')?.g5?.entries).toEqual([
      entry('dua', 1),
      entry('bilal', 2),
      entry('chanda', 4),
    ]);
  });

  it('is null for a student not on that grade’s board', () => {
    const before = snapshot([entry('dua', 1)]);
    expect(withoutStudent(before, 'g5', 'zara')).toBeNull();
    expect(withoutStudent(before, 'g9', 'dua')).toBeNull();
  });
});
