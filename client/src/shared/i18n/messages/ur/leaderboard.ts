import type { leaderboard as en } from '../en/leaderboard';

export const leaderboard: Record<keyof typeof en, string> = {};
