import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { type Broadcast, openBroadcast } from './broadcast.js';
import { type TtlCache, type TtlCacheOptions, ttlCache } from './ttl-cache.js';

/** Every per-node cache that a change on any node must reach (README: "Per-node caches"). */
export const CACHE_NAMES = [
  'questions',
  'quizPools',
  'playStructures',
  'qualificationGates',
  'leaderboards',
  'publicDisplay',
  'champions',
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

interface Node {
  bus: CacheBus | null;
  caches: Map<CacheName, Dropper[]>;
}

// One set of caches per database handle: one per api process, and one per app in a test that
// runs two apps (node A and node B) in one process.
const nodes = new WeakMap<object, Node>();

function nodeOf(handle: object): Node {
  let node = nodes.get(handle);
  if (!node) {
    node = { bus: null, caches: new Map() };
    nodes.set(handle, node);
  }
  return node;
}

function dropHere(node: Node, changes: CacheChange[] | null): void {
  if (changes === null) {
    for (const droppers of node.caches.values()) {
      for (const drop of droppers) {
        drop(null);
      }
    }
    return;
  }
  for (const { cache, key } of changes) {
    for (const drop of node.caches.get(cache) ?? []) {
      drop(key);
    }
  }
}

/** A key matches a change of its own key, or of its first part ("quiz" matches "quiz|grade"). */
const byKeyOrPrefix = (key: string, changed: string) => key === changed || key.startsWith(`${changed}|`);

/** A nodeCache's reader, and a way to forget one key on this node (its owner is done with it). */
export interface NodeCacheReader<H, V, A extends unknown[]> {
  (handle: H, key: string, ...args: A): Promise<V>;
  forget(handle: H, key: string): void;
}

export interface NodeCacheOptions<V> extends TtlCacheOptions<V> {
  /** Whether an entry's key is hit by a change of `changed` (default: equal or `changed|…`). */
  matches?: (key: string, changed: string) => boolean;
}

/**
 * A ttlCache per node (per database handle) that a CacheChange of `name` from any node drops at
 * once. The time to live is the safety net for a lost message; while this node's bus is down it is
 * at most DOWN_TTL_MS. Reads cost no Redis round trip.
 */
export function nodeCache<H extends object, V, A extends unknown[] = []>(
  name: CacheName,
  ttlMs: number,
  load: (key: string, handle: H, ...args: A) => Promise<V>,
  { matches = byKeyOrPrefix, ...options }: NodeCacheOptions<V> = {},
): NodeCacheReader<H, V, A> {
  const perNode = new WeakMap<H, TtlCache<string, V, A>>();
  const read = (handle: H, key: string, ...args: A) => {
    let get = perNode.get(handle);
    if (!get) {
      const node = nodeOf(handle);
      const ttl = () => (node.bus !== null && !node.bus.live ? Math.min(ttlMs, DOWN_TTL_MS) : ttlMs);
      const cache = ttlCache<string, V, A>(ttl, (k, ...a) => load(k, handle, ...a), options);
      const drop: Dropper = (changed) =>
        cache.drop(changed === null ? undefined : (k) => matches(k, changed));
      node.caches.set(name, [...(node.caches.get(name) ?? []), drop]);
      get = cache;
      perNode.set(handle, get);
    }
    return get(key, ...args);
  };
  return Object.assign(read, { forget: (handle: H, key: string) => perNode.get(handle)?.forget(key) });
}

/**
 * After the commit: drops the entries here at once, then tells every node (waiting until Redis has,
 * at most a second). Without a bus (a script) only this process's caches are dropped.
 */
export async function announceCacheChanges(handle: object, changes: CacheChange[]): Promise<void> {
  const node = nodeOf(handle);
  if (changes.length === 0) {
    return;
  }
  if (node.bus === null) {
    dropHere(node, changes);
    return;
  }
  for (let i = 0; i < changes.length; i += MAX_CHANGES) {
    await node.bus.announce({ changes: changes.slice(i, i + MAX_CHANGES) });
  }
}

/** Drops entries on this node only (tests that change data behind the api's back). */
export function dropCachesHere(handle: object, changes: CacheChange[]): void {
  dropHere(nodeOf(handle), changes);
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
 * The cross-node cache bus of the process whose caches live on `handle` (its database handle):
 * opened once, on a subscriber connection of its own. A message drops the named entries on every
 * node, this one included; when the subscription drops, everything is dropped (messages may be lost).
 */
export async function openCacheBus(
  handle: object,
  redis: Redis,
  redisPrefix: string,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<CacheBus> {
  const node = nodeOf(handle);
  const shared = node.bus;
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
  bus.on((message) => dropHere(node, message?.changes ?? null));
  node.bus = bus;
  return {
    get live() {
      return bus.live;
    },
    on: (listener) => bus.on(listener),
    announce: (message) => bus.announce(message),
    async close() {
      if (node.bus === bus) {
        node.bus = null;
      }
      await bus.close();
    },
  };
}
