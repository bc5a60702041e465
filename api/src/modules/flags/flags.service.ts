import type { Db } from '@riyazi/db';
import {
  applyFlagPatch,
  type FlagValues,
  flagChanges,
  flagsToStore,
  NONE,
  normalizeFlags,
  PHASE_FLAGS,
  type SystemFlags,
  type VersionedFlags,
} from '../../contracts/flags.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { type DispatchDeps, dispatchAfterCommit, insertOutboxEvent } from '../../queue/outbox.js';
import * as repo from './flags.repository.js';
import type { FlagPatch } from './flags.schemas.js';

export async function getFlags(db: Db): Promise<SystemFlags> {
  return (await getVersionedFlags(db)).flags;
}

/** The flags with the version a save must name to be accepted. */
export async function getVersionedFlags(db: Db): Promise<{ flags: SystemFlags; version: number }> {
  const stored = await repo.findStoredFlags(db);
  return { flags: normalizeFlags(stored?.flags ?? {}), version: stored?.version ?? 0 };
}

async function assertPhasesExist(db: Db, flags: FlagValues): Promise<void> {
  const named = PHASE_FLAGS.map((k) => flags[k]).filter(
    (v): v is string => typeof v === 'string' && v !== NONE,
  );
  const ids = [...new Set(named)];
  if (ids.length === 0) {
    return;
  }
  const { count } = await repo.countPhases(db, ids);
  if (Number(count) !== ids.length) {
    throw badRequest('A phase flag names a phase that does not exist');
  }
}

export const STALE_FLAGS =
  'Someone else changed the system configuration after you opened it, so your changes were not saved. Reload to see the current values, then make your changes again.';

export interface FlagsChange {
  /** Only the flags named change; 'none', null or false removes one (it reads as false). */
  patch: FlagValues;
  /** The version the change was made on; a save on an older one is refused (409). Omitted: no check. */
  version?: number | undefined;
  staffId: string;
  ip: string;
}

/**
 * Saves a patch of the flags under a row lock: the version check, the write (raising the version),
 * the audit row and the outbox event commit together. A patch that changes nothing writes nothing.
 */
export async function saveFlags(
  { db, queues, log }: DispatchDeps,
  { patch, version, staffId, ip }: FlagsChange,
): Promise<VersionedFlags> {
  await assertPhasesExist(db, patch);
  const saved = await db.transaction().execute(async (trx) => {
    const current = await repo.lockStoredFlags(trx);
    if (version !== undefined && version !== current.version) {
      throw conflict(STALE_FLAGS);
    }
    const next = applyFlagPatch(current.flags, patch);
    const before = normalizeFlags(current.flags);
    const after = normalizeFlags(next);
    const changes = flagChanges(before, after);
    if (Object.keys(changes).length === 0) {
      return { flags: before, version: current.version, event: null };
    }
    const written = await repo.writeFlags(trx, next, staffId);
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'flags.update',
      targetType: 'systemFlags',
      ip,
      details: { changes, version: { from: current.version, to: written.version } },
    });
    const event = await insertOutboxEvent(trx, 'flags.updated', {
      updatedAt: written.updatedAt.toISOString(),
    });
    return { flags: after, version: written.version, event };
  });
  if (saved.event) {
    // The home board shows the contest phase the flags name.
    await announceCacheChanges(db, everything('leaderboards'));
    await dispatchAfterCommit({ db, queues, log }, [saved.event]);
  }
  return { ...saved.flags, version: saved.version };
}

export async function listPresets(db: Db) {
  return (await repo.listPresets(db)).map((p) => ({
    _id: p.id,
    name: p.name,
    updatedAt: p.updatedAt.toISOString(),
  }));
}

export async function getPreset(db: Db, idOrName: string) {
  const preset = await repo.findPreset(db, idOrName);
  if (!preset) {
    throw notFound('Preset not found');
  }
  return { _id: preset.id, name: preset.name, flags: normalizeFlags(asObject(preset.flags)) };
}

/** A preset is a whole set of flags: saving one replaces a preset of the same name. */
export async function savePreset(db: Db, name: string, body: FlagPatch, staffId: string, ip: string) {
  const toStore = flagsToStore(body);
  await assertPhasesExist(db, toStore);
  const preset = await db.transaction().execute(async (trx) => {
    const row = await repo.upsertPreset(trx, name, toStore, staffId);
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'flags.savePreset',
      targetType: 'flagPreset',
      targetId: row.id,
      ip,
      details: { name, flags: toStore },
    });
    return row;
  });
  return { _id: preset.id, name: preset.name, flags: normalizeFlags(asObject(preset.flags)) };
}

function asObject(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}
