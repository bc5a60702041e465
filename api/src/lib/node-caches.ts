import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Broadcast, openBroadcast } from './broadcast.js';
import { type TtlCacheOptions, ttlCache } from './ttl-cache.js';

/** Every per-node cache that a change on any node must reach (README: "Per-node caches"). */
export const CACHE_NAMES = [
  'questions',
  'quizPools',
  'playStructures',
  'qualificationGates',
  'leaderboards',
  'publicDisplay',
  'champions',
  'boardRooms',
] as const;
export type CacheName = (typeof CACHE_NAMES)[number];

/** "This cache changed": one key of it, or all of it when key is null. */
export interface CacheChange {
  cache: CacheName;
  key: string | null;
}

export interface CacheMessage {
  changes: CacheChange[];
}

export type CacheBus = Broadcast<CacheMessage>;

/** While the bus is down a node may miss changes: every cache keeps values at most this long. */
export const DOWN_TTL_MS = 1000;
const MAX_CHANGES = 100;

type Dropper = (key: string | null) => void;

/** The bus of one database handle (one process) and the engines' caches it drops. */
interface Route {
  bus: CacheBus | null;
  nodes: Set<CacheNode>;
}

/** The per-node caches of one engine (api/src/engine.ts): what a change announced on its bus drops. */
export interface CacheNode {
  readonly route: Route;
  readonly droppers: Map<CacheName, Dropper[]>;
}

// Announcements travel by database handle (one per process, one per app in a test that runs two
// apps in one process): a service that changed data announces on the bus of the handle it wrote
// with. The caches themselves live in each engine's CacheNode.
const routes = new WeakMap<object, Route>();

function routeOf(handle: object): Route {
  let route = routes.get(handle);
  if (!route) {
    route = { bus: null, nodes: new Set() };
    routes.set(handle, route);
  }
  return route;
}

/** An engine's set of caches, dropped by the changes announced on `handle`'s cache bus. */
export function createCacheNode(handle: object): CacheNode {
  const node: CacheNode = { route: routeOf(handle), droppers: new Map() };
  node.route.nodes.add(node);
  return node;
}

/** The engine is done (its app or workers closed): announcements no longer reach its caches. */
export function closeCacheNode(node: CacheNode): void {
  node.route.nodes.delete(node);
}

function dropHere(route: Route, changes: CacheChange[] | null): void {
  for (const node of route.nodes) {
    for (const [cache, droppers] of node.droppers) {
      const keys = changes === null ? [null] : changes.filter((c) => c.cache === cache).map((c) => c.key);
      for (const key of keys) {
        for (const drop of droppers) {
          drop(key);
        }
      }
    }
  }
}

/** A key matches a change of its own key, or of its first part ("quiz" matches "quiz|grade"). */
const byKeyOrPrefix = (key: string, changed: string) => key === changed || key.startsWith(`${changed}|`);

/** A nodeCache's reader, and a way to forget one key on this node (its owner is done with it). */
export interface NodeCacheReader<V, A extends unknown[]> {
  (key: string, ...args: A): Promise<V>;
  forget(key: string): void;
}

export interface NodeCacheOptions<V> extends TtlCacheOptions<V> {
  /** Whether an entry's key is hit by a change of `changed` (default: equal or `changed|…`). */
  matches?: (key: string, changed: string) => boolean;
}

/**
 * A ttlCache of `node` that a CacheChange of `name` announced on any node drops at once. The time
 * to live is the safety net for a lost message; while the bus is down it is at most DOWN_TTL_MS.
 * Reads cost no Redis round trip.
 */
export function nodeCache<V, A extends unknown[] = []>(
  node: CacheNode,
  name: CacheName,
  ttlMs: number,
  load: (key: string, ...args: A) => Promise<V>,
  { matches = byKeyOrPrefix, ...options }: NodeCacheOptions<V> = {},
): NodeCacheReader<V, A> {
  const { route } = node;
  const ttl = () => (route.bus !== null && !route.bus.live ? Math.min(ttlMs, DOWN_TTL_MS) : ttlMs);
  const cache = ttlCache<string, V, A>(ttl, load, options);
  const drop: Dropper = (changed) => cache.drop(changed === null ? undefined : (k) => matches(k, changed));
  node.droppers.set(name, [...(node.droppers.get(name) ?? []), drop]);
  return Object.assign((key: string, ...args: A) => cache(key, ...args), {
    forget: (key: string) => cache.forget(key),
  });
}

/**
 * After the commit: drops the entries here at once, then tells every node (waiting until Redis has,
 * at most a second). Without a bus (a script) only this process's caches are dropped.
 */
export async function announceCacheChanges(handle: object, changes: CacheChange[]): Promise<void> {
  const route = routeOf(handle);
  if (changes.length === 0) {
    return;
  }
  if (route.bus === null) {
    dropHere(route, changes);
    return;
  }
  for (let i = 0; i < changes.length; i += MAX_CHANGES) {
    await route.bus.announce({ changes: changes.slice(i, i + MAX_CHANGES) });
  }
}

/** Shorthand: the whole of each named cache changed. */
export const everything = (...caches: CacheName[]): CacheChange[] =>
  caches.map((cache) => ({ cache, key: null }));

function parseCacheMessage({ changes }: Record<string, unknown>): CacheMessage | null {
  if (!Array.isArray(changes) || changes.length === 0 || changes.length > MAX_CHANGES) {
    return null;
  }
  const read: CacheChange[] = [];
  for (const change of changes as unknown[]) {
    const { cache, key } = (typeof change === 'object' && change !== null ? change : {}) as Record<
      string,
      unknown
    >;
    if (!CACHE_NAMES.includes(cache as CacheName) || (key !== null && typeof key !== 'string')) {
      return null;
    }
    read.push({ cache: cache as CacheName, key });
  }
  return { changes: read };
}

export const cacheChannel = (redisPrefix: string) => `${redisPrefix}:caches:changed`;

/**
 * The cross-node cache bus of the process that writes through `handle` (its database handle):
 * opened once, on a subscriber connection of its own. A message drops the named entries on every
 * node, this one included; when the subscription drops, everything is dropped (messages may be lost).
 */
export async function openCacheBus(
  handle: object,
  redis: Redis,
  redisPrefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CacheBus> {
  const route = routeOf(handle);
  const shared = route.bus;
  if (shared !== null) {
    // Another part of this process (the api, when workers run in it) owns the bus and closes it.
    return {
      get live() {
        return shared.live;
      },
      on: (listener) => shared.on(listener),
      announce: (message) => shared.announce(message),
      close: async () => {},
    };
  }
  const bus = await openBroadcast<CacheMessage>(redis, {
    channel: cacheChannel(redisPrefix),
    name: 'cache-bus',
    parse: parseCacheMessage,
    log,
  });
  bus.on((message) => dropHere(route, message?.changes ?? null));
  route.bus = bus;
  return {
    get live() {
      return bus.live;
    },
    on: (listener) => bus.on(listener),
    announce: (message) => bus.announce(message),
    async close() {
      if (route.bus === bus) {
        route.bus = null;
      }
      await bus.close();
    },
  };
}
