import type { QueryClient } from '@tanstack/react-query';
import { shouldFetchFlagsOnStart } from '../config/paths';
import { loadFlagsIntoStore } from '../shared/flags/load-flags';
import { adoptAccountLanguage } from '../shared/i18n';
import { syncAccountLanguage } from '../shared/session/account-language';
import { useSessionStore } from '../shared/session/session-store';
import { startRealtimeSync, whenIdle } from './realtime-sync';
import type { AppRouter } from './router';

/** Reads the encrypted session back before anything writes to it, then loads what the page needs. */
export async function bootSession(initialPath: string, router: AppRouter, queryClient: QueryClient) {
  try {
    await useSessionStore.persist.rehydrate();
  } catch (error) {
    console.warn('Could not restore the saved session', error);
  }
  adoptAccountLanguage(useSessionStore.getState().studentAuth?.language);
  syncAccountLanguage();
  if (shouldFetchFlagsOnStart(initialPath)) {
    void loadFlagsIntoStore();
  }
  whenIdle(() => {
    startRealtimeSync(router, queryClient).catch((error: unknown) => {
      console.warn('Live updates are unavailable', error);
    });
  });
}
