import type { ChampionsBoard, HomeLeaderboard, Leaderboard } from '@riyazi/api/contracts';
import { publicHttp } from '../../shared/http/clients';

export type { ChampionsBoard, HomeLeaderboard, Leaderboard, LeaderboardEntry } from '@riyazi/api/contracts';

export const leaderboardKeys = {
  home: ['public', 'leaderboard', 'home'] as const,
  board: (phaseId: string, gradeId: string) => ['public', 'leaderboard', phaseId, gradeId] as const,
  champions: ['public', 'champions'] as const,
};

export const fetchHomeLeaderboard = (signal?: AbortSignal) =>
  publicHttp.get<HomeLeaderboard>('/leaderboard/home', { signal });

export const fetchLeaderboard = (phaseId: string, gradeId: string, limit: number, signal?: AbortSignal) =>
  publicHttp.get<Leaderboard>('/leaderboard', { query: { phaseId, gradeId, limit }, signal });

/** `since`: the updatedAt of the champions:updated event that asked for this refetch. */
export const fetchChampions = (since: string | null, signal?: AbortSignal) =>
  publicHttp.get<ChampionsBoard>('/champions', { query: { since }, signal });

/** 1.8765 → "1.88"; a score is a sum of 0.5–1 points per correct answer. */
export const formatScore = (score: number) => score.toFixed(2);
