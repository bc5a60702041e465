import type { HomeLeaderboard, Leaderboard } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { applyPushedBoard, isAtLeastAsNew, keepNewerBoards } from './board-freshness';

const board = (gradeId: string, updatedAt: string | null, leader = 'Ali R.'): Leaderboard => ({
  phaseId: 'p1',
  gradeId,
  frozen: false,
  updatedAt,
  rankedCount: 1,
  entries: [{ rank: 1, name: leader, school: null, city: null, score: 9, timeMs: 60_000 }],
  asOf: '2026-11-25T10:00:05.000Z',
});

const home = (...boards: Leaderboard[]): HomeLeaderboard => ({
  phase: { _id: 'p1', title: 'Phase 1' },
  asOf: '2026-11-25T10:00:05.000Z',
  grades: boards.map((b) => ({ gradeId: b.gradeId, title: `Grade ${b.gradeId}`, board: b })),
});

const T1 = '2026-11-25T10:00:01.000Z';
const T2 = '2026-11-25T10:00:03.000Z';

describe('isAtLeastAsNew', () => {
  it('takes a newer or equally new board and refuses an older one', () => {
    expect(isAtLeastAsNew(board('g3', T2), board('g3', T1))).toBe(true);
    expect(isAtLeastAsNew(board('g3', T1), board('g3', T1))).toBe(true);
    expect(isAtLeastAsNew(board('g3', T1), board('g3', T2))).toBe(false);
  });

  it('takes anything over nothing, and never an unranked board over a ranked one', () => {
    expect(isAtLeastAsNew(board('g3', T1), undefined)).toBe(true);
    expect(isAtLeastAsNew(board('g3', T1), board('g3', null))).toBe(true);
    expect(isAtLeastAsNew(board('g3', null), board('g3', T1))).toBe(false);
  });
});

describe('a REST answer that left before a push and lands after it', () => {
  it('keeps the pushed board of that grade and takes the fetched boards of the others', () => {
    const held = home(board('g3', T2, 'Sara K.'), board('g4', T1));
    const fetched = home(board('g3', T1, 'Ali R.'), board('g4', T2, 'Omar F.'));
    const merged = keepNewerBoards(held, fetched);
    expect(merged.grades.map((g) => g.board.entries[0]?.name)).toEqual(['Sara K.', 'Omar F.']);
  });

  it('takes the fetched board whole when the contest phase changed', () => {
    const held = home(board('g3', T2, 'Sara K.'));
    const fetched: HomeLeaderboard = {
      ...home(board('g3', T1, 'Ali R.')),
      phase: { _id: 'p2', title: 'P2' },
    };
    expect(keepNewerBoards(held, fetched)).toBe(fetched);
  });
});

describe('applyPushedBoard', () => {
  it('applies a newer push, cut to the rows shown, and ignores a late older one', () => {
    const pushed = { ...board('g3', T2, 'Sara K.'), entries: Array(8).fill(board('g3', T2).entries[0]) };
    const applied = applyPushedBoard(home(board('g3', T1), board('g4', T1)), pushed, 5);
    expect(applied.grades[0]?.board.updatedAt).toBe(T2);
    expect(applied.grades[0]?.board.entries).toHaveLength(5);
    expect(applied.grades[1]?.board.updatedAt).toBe(T1);
    const late = applyPushedBoard(applied, board('g3', T1, 'Ali R.'), 5);
    expect(late.grades[0]?.board.updatedAt).toBe(T2);
  });
});
