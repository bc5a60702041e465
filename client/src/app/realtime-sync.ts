import { normalizeFlags } from '@riyazi/api/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { isAdminPath } from '../config/paths';
import { flagsQueryKey } from '../shared/flags/flags-api';
import { loadFlagsIntoStore } from '../shared/flags/load-flags';
import { connectRealtime } from '../shared/realtime/realtime';
import { attachRealtimeSocket } from '../shared/realtime/rooms';
import { sessionActions, useSessionStore } from '../shared/session/session-store';
import type { SessionState } from '../shared/session/session-types';
import type { AppRouter } from './router';

function identityKey(state: SessionState): string {
  return `${state.adminAuth?.email ?? ''}|${state.studentAuth?.studentId ?? ''}`;
}

/** Live updates: flags pushed by the server land in the store; a reconnect resyncs over REST. */
export async function startRealtimeSync(router: AppRouter, queryClient: QueryClient): Promise<void> {
  const connection = await connectRealtime({
    getToken: () => {
      const state = useSessionStore.getState();
      return isAdminPath(router.state.location.pathname)
        ? (state.adminAuth?.accessToken ?? null)
        : (state.studentAuth?.token.accessToken ?? null);
    },
    onFlagsUpdated: (event) => {
      sessionActions.setFlags(normalizeFlags(event.flags));
      void queryClient.invalidateQueries({ queryKey: flagsQueryKey });
    },
    onReconnect: () => {
      void loadFlagsIntoStore();
      void queryClient.invalidateQueries({ queryKey: flagsQueryKey });
    },
  });

  attachRealtimeSocket(connection.socket);

  let identity = identityKey(useSessionStore.getState());
  useSessionStore.subscribe((state) => {
    const next = identityKey(state);
    if (next !== identity) {
      identity = next;
      connection.reauthenticate();
    }
  });
}

export function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) {
    window.requestIdleCallback(task, { timeout: 3000 });
  } else {
    setTimeout(task, 1000);
  }
}
