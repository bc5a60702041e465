// Riyazi's service worker, built into dist/sw.js by client/build/service-worker-plugin.ts, which
// defines BUILD_ID and SHELL_FILES above this code. It never caches the API or the socket.

declare const BUILD_ID: string;
/** index.html and the hashed JS and CSS the entry loads, as absolute paths. */
declare const SHELL_FILES: readonly string[];

const sw = self as unknown as ServiceWorkerGlobalScope;

const CACHE_PREFIX = 'riyazi-';
const SHELL_CACHE = `${CACHE_PREFIX}shell-${BUILD_ID}`;
/** Hashed files are immutable, so one assets cache serves every build; it is trimmed on activate. */
const ASSETS_CACHE = `${CACHE_PREFIX}assets`;
const ASSETS_KEPT = 120;
const SHELL_PAGE = '/index.html';
const NAVIGATION_TIMEOUT_MS = 6000;

const isNeverCached = (path: string) =>
  path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');

/** A hashed file another build already cached is copied, not downloaded again. */
async function precacheFile(shell: Cache, path: string): Promise<void> {
  const cached = path.startsWith('/assets/') ? await caches.match(path, { ignoreVary: true }) : undefined;
  if (cached !== undefined) {
    await shell.put(path, cached);
    return;
  }
  // Default caching: the page has just loaded these files, so the HTTP cache answers (no second
  // download on a slow line); index.html is no-cache and is revalidated.
  const response = await fetch(path);
  if (!response.ok) {
    throw new Error(`precache of ${path} failed: ${response.status}`);
  }
  await shell.put(path, response);
}

async function precacheShell(): Promise<void> {
  const shell = await caches.open(SHELL_CACHE);
  await Promise.all(SHELL_FILES.map((path) => precacheFile(shell, path)));
}

async function removeOldCaches(): Promise<void> {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE && name !== ASSETS_CACHE)
      .map((name) => caches.delete(name)),
  );
  const assets = await caches.open(ASSETS_CACHE);
  const keys = await assets.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSETS_KEPT)).map((key) => assets.delete(key)));
}

/** Cache-first: a hashed file never changes, so a cached copy is always right. */
async function assetResponse(request: Request): Promise<Response> {
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached !== undefined) {
    return cached;
  }
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    const copy = response.clone();
    const assets = await caches.open(ASSETS_CACHE);
    await assets.put(request, copy);
  }
  return response;
}

/**
 * Network-first: the newest page when online; the cached shell when the network fails, or when it
 * has not answered within NAVIGATION_TIMEOUT_MS (a connection that hangs on a weak signal).
 */
async function navigationResponse(request: Request): Promise<Response> {
  const network = fetch(request);
  const shell = await caches.match(SHELL_PAGE, { cacheName: SHELL_CACHE });
  if (shell === undefined) {
    return network;
  }
  return new Promise<Response>((resolve) => {
    const timer = setTimeout(() => resolve(shell), NAVIGATION_TIMEOUT_MS);
    void network.then(resolve, () => resolve(shell)).finally(() => clearTimeout(timer));
  });
}

/** Files the page loaded before this worker controlled it (its first visit), so they work offline too. */
async function cacheLoadedAssets(paths: unknown): Promise<void> {
  if (!Array.isArray(paths)) {
    return;
  }
  const assets = await caches.open(ASSETS_CACHE);
  const wanted = paths
    .filter((path): path is string => typeof path === 'string')
    .map((path) => new URL(path, sw.location.origin))
    .filter((url) => url.origin === sw.location.origin && url.pathname.startsWith('/assets/'));
  await Promise.all(
    wanted.map(async ({ pathname }) => {
      if ((await caches.match(pathname, { ignoreVary: true })) === undefined) {
        const response = await fetch(pathname);
        if (response.ok) {
          await assets.put(pathname, response);
        }
      }
    }),
  );
}

sw.addEventListener('install', (event) => {
  event.waitUntil(precacheShell());
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(removeOldCaches().then(() => sw.clients.claim()));
});

sw.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; paths?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') {
    void sw.skipWaiting();
  } else if (data?.type === 'CACHE_LOADED_ASSETS') {
    event.waitUntil(cacheLoadedAssets(data.paths).catch(() => undefined));
  }
});

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin || isNeverCached(url.pathname)) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(navigationResponse(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetResponse(request));
  }
});
