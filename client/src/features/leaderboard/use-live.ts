import type { Leaderboard } from '@riyazi/api/contracts';
import { rooms } from '@riyazi/api/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { subscribeRoom } from '../../shared/realtime/rooms';
import { leaderboardKeys } from './leaderboard-api';

/**
 * Keeps a phase and grade board live. A pushed update carries the top of the table and is applied
 * as is (no request per update: thousands watch the same board); every (re)join calls `onResync`
 * so a reconnect never leaves a stale board on screen.
 */
export function useLiveBoard(
  phaseId: string | null,
  gradeId: string | null,
  handlers: { onUpdate: (board: Leaderboard) => void; onResync: () => void },
) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!phaseId || !gradeId) {
      return undefined;
    }
    return subscribeRoom(
      rooms.leaderboard(phaseId, gradeId),
      'leaderboard:updated',
      (event: Leaderboard) => {
        if (event.phaseId === phaseId && event.gradeId === gradeId) {
          latest.current.onUpdate(event);
        }
      },
      () => latest.current.onResync(),
    );
  }, [phaseId, gradeId]);
}

/**
 * Keeps the champions board live: a change (rare) makes the board refetch, asking the server for a
 * board at least as fresh as the change (another api node may have cached the old one).
 * Returns the freshness to ask for.
 */
export function useLiveChampions(): () => string | null {
  const queryClient = useQueryClient();
  const since = useRef<string | null>(null);
  useEffect(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: leaderboardKeys.champions });
    return subscribeRoom(
      rooms.champions(),
      'champions:updated',
      (event) => {
        since.current = event.updatedAt;
        refetch();
      },
      refetch,
    );
  }, [queryClient]);
  return () => since.current;
}
