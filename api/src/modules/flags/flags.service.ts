import type { Db } from '@riyazi/db';
import { flagsToStore, normalizeFlags, PHASE_FLAGS, type SystemFlags } from '../../contracts/flags.js';
import { writeAudit } from '../../lib/audit.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { type DispatchDeps, dispatchAfterCommit, insertOutboxEvent } from '../../queue/outbox.js';
import * as repo from './flags.repository.js';
import type { CreateFlagBody } from './flags.schemas.js';

export async function getFlags(db: Db): Promise<SystemFlags> {
  const stored = await repo.findStoredFlags(db);
  return normalizeFlags(stored?.flags ?? {});
}

async function assertPhasesExist(db: Db, flags: Partial<Record<string, unknown>>): Promise<void> {
  const ids = [
    ...new Set(PHASE_FLAGS.map((k) => flags[k]).filter((v): v is string => typeof v === 'string')),
  ];
  if (ids.length === 0) {
    return;
  }
  const { count } = await repo.countPhases(db, ids);
  if (Number(count) !== ids.length) {
    throw badRequest('A phase flag names a phase that does not exist');
  }
}

/** The flags row and its outbox event commit together. */
export async function saveFlags(
  { db, queues, log }: DispatchDeps,
  body: CreateFlagBody,
  staffId: string,
  ip: string,
): Promise<SystemFlags> {
  const toStore = flagsToStore(body);
  await assertPhasesExist(db, toStore);
  const event = await db.transaction().execute(async (trx) => {
    const updatedAt = await repo.upsertFlags(trx, toStore, staffId);
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'flags.update',
      targetType: 'systemFlags',
      ip,
      details: { flags: toStore },
    });
    return insertOutboxEvent(trx, 'flags.updated', { updatedAt: updatedAt.toISOString() });
  });
  // The home board shows the contest phase the flags name.
  await announceCacheChanges(db, everything('leaderboards'));
  await dispatchAfterCommit({ db, queues, log }, [event]);
  return normalizeFlags(toStore);
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

export async function savePreset(db: Db, name: string, body: CreateFlagBody, staffId: string, ip: string) {
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
