/** Texts of the live rankings and the champions board. Keys start with 'leaderboard.'. */
export const leaderboard = {} as const;
