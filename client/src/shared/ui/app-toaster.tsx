import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsWanted, toastsWanted } from './toasts';

const ToasterView = lazy(() => import('./toaster-view'));

/** The toasts' host, mounted (and its code loaded) only once something may toast: see toasts.ts. */
export function AppToaster() {
  const wanted = useSyncExternalStore(onToastsWanted, toastsWanted, () => false);
  return wanted ? (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  ) : null;
}
