import { create } from 'zustand';

interface UpdateState {
  /** A newer service worker, installed and waiting for the open tabs to let it take over. */
  waiting: ServiceWorker | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ waiting: null }));

function offerUpdate(worker: ServiceWorker): void {
  // Without a controller this is the first install: there is no older version to replace.
  if (navigator.serviceWorker.controller !== null) {
    useUpdateStore.setState({ waiting: worker });
  }
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  if (registration.waiting !== null) {
    offerUpdate(registration.waiting);
  }
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') {
        offerUpdate(worker);
      }
    });
  });
  // A tab left open for days still learns of a new version when the child comes back to it.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') {
      registration.update().catch(() => undefined);
    }
  });
}

/** The first install: hands the worker the files this page loaded before it took control. */
function shareLoadedAssets(): void {
  const paths = performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
  navigator.serviceWorker.controller?.postMessage({ type: 'CACHE_LOADED_ASSETS', paths });
}

/** Production builds only (`npm run dev` has no sw.js), after the page has loaded. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) {
    return;
  }
  if (navigator.serviceWorker.controller === null) {
    navigator.serviceWorker.addEventListener('controllerchange', shareLoadedAssets, { once: true });
  }
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      // undefined when a test browser blocks service workers (Playwright's serviceWorkers: 'block').
      .then((registration: ServiceWorkerRegistration | undefined) => {
        if (registration !== undefined) {
          watchForUpdates(registration);
        }
      })
      .catch((error: unknown) => console.warn('Offline support is unavailable', error));
  };
  if (document.readyState === 'complete') {
    register();
  } else {
    window.addEventListener('load', register, { once: true });
  }
}

/** Lets the waiting worker take over, then reloads so the page runs the new version's files. */
export function applyUpdate(worker: ServiceWorker): void {
  // Another tab's Reload already let this worker take over: only this page is left to reload.
  if (navigator.serviceWorker.controller === worker) {
    window.location.reload();
    return;
  }
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
