import { sweepPeriodically } from '../lib/sweeper.js';
import type { Revocation } from './revocations.js';
import type { AccessClaims } from './tokens.js';

export interface SessionCacheOptions {
  ttlMs: number;
  maxOwners: number;
  /** Sessions remembered per owner (a child on a phone and a school computer has two). */
  maxSessionsPerOwner?: number;
  now?: () => number;
}

interface OwnerEntry {
  ver: number;
  /** Session id → when it must be read from the database again. */
  sessions: Map<string, number>;
}

/**
 * The sessions a node has found live in the last few seconds, so a contest's thousands of calls a
 * second skip the account check. Bounded by owners (oldest dropped first) and by time; a
 * revocation from any node removes its sessions at once. A read that raced a revocation (it began
 * before the revocation arrived) is not remembered: `generation` tells.
 */
export function createSessionCache({
  ttlMs,
  maxOwners,
  maxSessionsPerOwner = 20,
  now = Date.now,
}: SessionCacheOptions) {
  const owners = new Map<string, OwnerEntry>();
  let generation = 0;

  const cache = {
    get generation() {
      return generation;
    },
    get size() {
      return owners.size;
    },

    isLive({ sub, sid, ver }: AccessClaims): boolean {
      const owner = owners.get(sub);
      return owner !== undefined && owner.ver === ver && (owner.sessions.get(sid) ?? 0) > now();
    },

    /** Remembers a session just read live, unless a revocation arrived since the read began. */
    remember({ sub, sid, ver }: AccessClaims, readAtGeneration: number): void {
      if (readAtGeneration !== generation) {
        return;
      }
      let owner = owners.get(sub);
      if (owner === undefined || owner.ver !== ver) {
        owners.delete(sub);
        owner = { ver, sessions: new Map() };
        if (owners.size >= maxOwners) {
          const oldest = owners.keys().next().value;
          if (oldest !== undefined) {
            owners.delete(oldest);
          }
        }
        owners.set(sub, owner);
      }
      owner.sessions.delete(sid);
      if (owner.sessions.size >= maxSessionsPerOwner) {
        const oldest = owner.sessions.keys().next().value;
        if (oldest !== undefined) {
          owner.sessions.delete(oldest);
        }
      }
      owner.sessions.set(sid, now() + ttlMs);
    },

    /** A revocation, or null: some may have been missed, so forget everything. */
    forget(revocation: Revocation | null): void {
      generation += 1;
      if (revocation === null) {
        owners.clear();
        return;
      }
      if (revocation.everySession) {
        owners.delete(revocation.ownerId);
        return;
      }
      const owner = owners.get(revocation.ownerId);
      for (const sid of revocation.sessionIds) {
        owner?.sessions.delete(sid);
      }
    },

    /** Drops the sessions past their time, and owners left with none (after a contest, all of them). */
    sweep(at = now()): void {
      for (const [sub, owner] of owners) {
        for (const [sid, until] of owner.sessions) {
          if (until <= at) {
            owner.sessions.delete(sid);
          }
        }
        if (owner.sessions.size === 0) {
          owners.delete(sub);
        }
      }
    },
  };
  sweepPeriodically(cache);
  return cache;
}

export type SessionCache = ReturnType<typeof createSessionCache>;
