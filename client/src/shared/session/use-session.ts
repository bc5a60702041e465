import { useSyncExternalStore } from 'react';
import { useSessionStore } from './session-store';

export const useAdminAuth = () => useSessionStore((s) => s.adminAuth);
export const useStudentAuth = () => useSessionStore((s) => s.studentAuth);
export const useSystemFlags = () => useSessionStore((s) => s.systemFlags);
export const useQuizState = () => useSessionStore((s) => s.quiz);

/** False until the encrypted session has been read back; guards wait for it before redirecting. */
export function useSessionHydrated(): boolean {
  return useSyncExternalStore(
    (onChange) => useSessionStore.persist.onFinishHydration(onChange),
    () => useSessionStore.persist.hasHydrated(),
  );
}
