import type { Db } from '@riyazi/db';
import { lifecycleOfEdit, phaseContest } from '#modules/phases';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { usageMessage } from '../../lib/in-use.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { pageOf } from '../../lib/paging.js';
import { duplicateAs, stillReferenced } from '../../lib/pg-errors.js';
import * as repo from './phases.repository.js';
import type { ListQuery, PhaseBody, PhaseChanges, PhaseDto } from './reference-data.schemas.js';

const toDto = (row: repo.PhaseRow): PhaseDto => ({
  _id: row.id,
  name: row.name,
  number: row.number,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

async function phaseDto(db: Db, id: string): Promise<PhaseDto> {
  const row = await repo.findPhase(db, id);
  if (!row) {
    throw notFound('Phase not found');
  }
  return toDto(row);
}

const uniqueNumber = duplicateAs('number', 'Another phase already has this number');

export const listPhases = (db: Db, { page, limit, search }: ListQuery) =>
  pageOf(
    { page, limit },
    (l, o) => repo.listPhases(db, { search }, l, o),
    () => repo.countPhases(db, { search }),
    toDto,
  );

const auditable = (v: Partial<repo.PhaseValues>) => ({
  ...v,
  startsAt: v.startsAt?.toISOString(),
  endsAt: v.endsAt?.toISOString(),
});

/** Gates follow phase numbers, pools phase ids, boards and champions phase names, board rooms phase ids. */
const phasesChanged = (db: Db) =>
  announceCacheChanges(
    db,
    everything('qualificationGates', 'quizPools', 'leaderboards', 'champions', 'boardRooms'),
  );

export async function createPhase(db: Db, actor: Actor, body: PhaseBody): Promise<PhaseDto> {
  const id = await db.transaction().execute(async (trx) => {
    const closedAt = body.status === 'CLOSED' ? new Date() : null;
    const { id } = await repo.insertPhase(trx, { ...body, closedAt }).catch(uniqueNumber);
    await audit(trx, actor, 'phase.create', 'phase', id, auditable(body));
    return id;
  });
  await phasesChanged(db);
  return phaseDto(db, id);
}

export async function updatePhase(
  db: Db,
  actor: Actor,
  id: string,
  body: PhaseChanges,
  now = new Date(),
): Promise<PhaseDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockPhase(trx, id);
    if (!current) {
      throw notFound('Phase not found');
    }
    if ((body.endsAt ?? current.endsAt) <= (body.startsAt ?? current.startsAt)) {
      throw fieldError('endsAt', 'must be after the start');
    }
    const { changes, set, changed } = diff(current, body);
    if (!changed) {
      return;
    }
    const contest = await phaseContest(trx, id, now);
    const lifecycle = contest ? lifecycleOfEdit(contest, { ...current, ...body }, now) : {};
    await repo.updatePhase(trx, id, { ...set, ...lifecycle }).catch(uniqueNumber);
    await audit(trx, actor, 'phase.update', 'phase', id, {
      name: current.name,
      changes,
      ...('resultsReleaseAt' in lifecycle ? { resultsWithheldAgain: true } : {}),
    });
  });
  await phasesChanged(db);
  return phaseDto(db, id);
}

export async function deletePhase(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockPhase(trx, id);
    if (!current) {
      throw notFound('Phase not found');
    }
    const used = await repo.phaseUsage(trx, id);
    const message = usageMessage(
      'phase',
      [
        [used.questions, 'question', 'questions'],
        [used.quizzes, 'quiz', 'quizzes'],
        [used.plays, 'play', 'plays'],
      ],
      'close it instead',
    );
    if (message) {
      throw conflict(message);
    }
    await repo.deletePhase(trx, id).catch(stillReferenced('phase'));
    await audit(trx, actor, 'phase.delete', 'phase', id, { name: current.name, number: current.number });
  });
  await phasesChanged(db);
}
