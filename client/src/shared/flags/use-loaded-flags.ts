import { useEffect, useState } from 'react';
import { useSessionHydrated, useSystemFlags } from '../session/use-session';
import { loadFlagsIntoStore } from './load-flags';

/**
 * The flags for a page that must not guess them (sign-up open or closed). Loads them when nobody has
 * (e.g. after arriving from a quiz route, where the start-up fetch is skipped). `ready` stays true
 * once they have loaded, so a background reload never blanks a half-filled form.
 */
export function useLoadedFlags() {
  const hydrated = useSessionHydrated();
  const { flags, status } = useSystemFlags();
  const [everReady, setEverReady] = useState(status === 'ready');

  useEffect(() => {
    if (hydrated && status === 'idle') {
      void loadFlagsIntoStore();
    }
    if (status === 'ready') {
      setEverReady(true);
    }
  }, [hydrated, status]);

  const ready = everReady || status === 'ready';
  return { flags, ready, failed: !ready && status === 'error' };
}
