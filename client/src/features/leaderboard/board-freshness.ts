import type { HomeLeaderboard, Leaderboard } from '@riyazi/api/contracts';

/**
 * Whether `incoming` may replace `current`: not when it is older (a REST answer that left before
 * a push and lands after it). Equal times are taken: the same ranking, named as the server says now.
 */
export function isAtLeastAsNew(incoming: Leaderboard, current: Leaderboard | undefined): boolean {
  if (current === undefined || current.updatedAt === null) {
    return true;
  }
  if (incoming.updatedAt === null) {
    return false;
  }
  return Date.parse(incoming.updatedAt) >= Date.parse(current.updatedAt);
}

/** A fetched home board, keeping per grade whichever board is newer: the one held or the one fetched. */
export function keepNewerBoards(
  held: HomeLeaderboard | undefined,
  fetched: HomeLeaderboard,
): HomeLeaderboard {
  if (held === undefined || held.phase?._id !== fetched.phase?._id) {
    return fetched;
  }
  const heldBoards = new Map(held.grades.map((g) => [g.gradeId, g.board]));
  return {
    ...fetched,
    grades: fetched.grades.map((g) => {
      const mine = heldBoards.get(g.gradeId);
      return mine !== undefined && !isAtLeastAsNew(g.board, mine) ? { ...g, board: mine } : g;
    }),
  };
}

/** A pushed board applied to the home board, unless what is held is newer. */
export function applyPushedBoard(held: HomeLeaderboard, board: Leaderboard, rows: number): HomeLeaderboard {
  return {
    ...held,
    grades: held.grades.map((g) =>
      g.gradeId === board.gradeId && isAtLeastAsNew(board, g.board)
        ? { ...g, board: { ...board, entries: board.entries.slice(0, rows) } }
        : g,
    ),
  };
}
