import type { Db } from '@riyazi/db';
import {
  type ContestFacts,
  type ContestStage,
  type ContestStateDto,
  contestStage,
  contestStateDto,
  playsEndBy,
  resultsShowFrom,
  takesStarts,
} from '../../contracts/contest-lifecycle.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import type { Executor } from '../../lib/db.js';
import { conflict, notFound } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { pakistanMinute } from '../../lib/time.js';
import * as repo from './contest-lifecycle.repository.js';

export interface PhaseContest extends ContestFacts {
  id: string;
  name: string;
  number: number;
}

const toFacts = (row: repo.ContestFactsRow): PhaseContest => ({
  id: row.id,
  name: row.name,
  number: row.number,
  status: row.status,
  startsAt: row.startsAt,
  endsAt: row.endsAt,
  closedAt: row.closedAt,
  resultsReleaseAt: row.resultsReleaseAt,
  longestPlayMs: Number(row.longestPlayMs),
});

/** Counting plays matters only between starts stopping and the last clock running out. */
const mayBeClosing = (facts: ContestFacts, now: Date) =>
  facts.status !== 'UPCOMING' && !takesStarts(facts, now) && now < playsEndBy(facts);

async function withPlaysCounted(db: Executor, facts: PhaseContest, now: Date): Promise<PhaseContest> {
  return mayBeClosing(facts, now)
    ? { ...facts, playsInProgress: await repo.countPlaysInProgress(db, facts.id) }
    : facts;
}

/** A phase's contest facts, with its plays in progress counted when that decides the stage. */
export async function phaseContest(
  db: Executor,
  phaseId: string,
  now = new Date(),
): Promise<PhaseContest | null> {
  const row = await repo.findContestFacts(db, phaseId);
  return row ? withPlaysCounted(db, toFacts(row), now) : null;
}

export async function contestStageOf(
  db: Executor,
  phaseId: string,
  now = new Date(),
): Promise<ContestStage | null> {
  const facts = await phaseContest(db, phaseId, now);
  return facts ? contestStage(facts, now) : null;
}

/** Every phase's contest as staff see it (the phases page, the dashboard). */
export async function listPhaseContests(db: Db, now = new Date()) {
  const rows = await repo.listContestFacts(db);
  const facts = await Promise.all(rows.map((row) => withPlaysCounted(db, toFacts(row), now)));
  return facts.map((f) => ({ phaseId: f.id, ...contestStateDto(f, now) }));
}

export async function phaseContestState(db: Db, phaseId: string, now = new Date()): Promise<ContestStateDto> {
  const facts = await phaseContest(db, phaseId, now);
  if (!facts) {
    throw notFound('Phase not found');
  }
  return contestStateDto(facts, now);
}

const atLeast = (stage: ContestStage, wanted: ContestStage) => {
  const order: ContestStage[] = ['SCHEDULED', 'OPEN', 'CLOSING', 'CLOSED', 'RELEASED'];
  return order.indexOf(stage) >= order.indexOf(wanted);
};

/**
 * Why `action` must wait until the phase's contest reaches `wanted` (CLOSED: every play finished,
 * so ranks are final; RELEASED: results public), or null when it may go ahead.
 */
export async function contestNotYet(
  db: Db,
  phaseId: string,
  wanted: 'CLOSED' | 'RELEASED',
  action: string,
  now = new Date(),
): Promise<string | null> {
  const facts = await phaseContest(db, phaseId, now);
  if (!facts) {
    return null;
  }
  const stage = contestStage(facts, now);
  if (atLeast(stage, wanted)) {
    return null;
  }
  const name = facts.name;
  switch (stage) {
    case 'SCHEDULED':
    case 'OPEN':
      return `${name}'s contest has not ended: end it first, then ${action}.`;
    case 'CLOSING':
      return `${name}'s contest is closing: plays in progress finish by ${pakistanMinute(playsEndBy(facts))}; ${action} after that.`;
    default: {
      const from = resultsShowFrom(facts);
      return from
        ? `${name}'s results are withheld until ${pakistanMinute(from)}: ${action} once they are released.`
        : `${name}'s results are withheld: release them first, then ${action}.`;
    }
  }
}

/** After a change to a phase's lifecycle, every node drops what it derived from phases. */
export const phaseContestChanged = (db: Db) =>
  announceCacheChanges(db, everything('qualificationGates', 'quizPools', 'leaderboards', 'champions'));

/**
 * "End the contest": no new starts from now, the plays in progress finish within their clocks, and
 * the results stay withheld until `resultsReleaseAt` (null: until staff release them).
 */
export async function endContest(
  db: Db,
  actor: Actor,
  phaseId: string,
  { resultsReleaseAt }: { resultsReleaseAt: Date | null },
  now = new Date(),
): Promise<ContestStateDto> {
  const ended = await db.transaction().execute(async (trx) => {
    const row = await repo.lockContestFacts(trx, phaseId);
    if (!row) {
      throw notFound('Phase not found');
    }
    const facts = toFacts(row);
    const stage = contestStage(facts, now);
    if (stage !== 'OPEN' && stage !== 'SCHEDULED') {
      throw conflict(`${facts.name}'s contest has already ended.`);
    }
    await repo.setContestTimes(trx, phaseId, { status: 'CLOSED', closedAt: now, resultsReleaseAt });
    await audit(trx, actor, 'phase.endContest', 'phase', phaseId, {
      name: facts.name,
      from: stage,
      resultsReleaseAt: resultsReleaseAt?.toISOString() ?? null,
    });
    return { ...facts, status: 'CLOSED' as const, closedAt: now, resultsReleaseAt };
  });
  await phaseContestChanged(db);
  return contestStateDto(await withPlaysCounted(db, ended, now), now);
}

/** When a phase's results and review open (null: withheld until staff choose). */
export async function setResultsRelease(
  db: Db,
  actor: Actor,
  phaseId: string,
  resultsReleaseAt: Date | null,
  now = new Date(),
): Promise<ContestStateDto> {
  const changed = await db.transaction().execute(async (trx) => {
    const row = await repo.lockContestFacts(trx, phaseId);
    if (!row) {
      throw notFound('Phase not found');
    }
    const facts = toFacts(row);
    await repo.setContestTimes(trx, phaseId, { resultsReleaseAt });
    await audit(trx, actor, 'phase.resultsRelease', 'phase', phaseId, {
      name: facts.name,
      changes: {
        resultsReleaseAt: {
          from: facts.resultsReleaseAt?.toISOString() ?? null,
          to: resultsReleaseAt?.toISOString() ?? null,
        },
      },
    });
    return { ...facts, resultsReleaseAt };
  });
  await phaseContestChanged(db);
  return contestStateDto(await withPlaysCounted(db, changed, now), now);
}

/**
 * What a phase edit (status or dates) does to its contest: closing it records when; opening again
 * a contest whose results are out is refused (its answers are public), and opening one whose
 * results are withheld withholds them again until staff choose a new time.
 */
export function lifecycleOfEdit(
  current: ContestFacts & { name: string },
  next: Pick<ContestFacts, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): { closedAt?: Date | null; resultsReleaseAt?: null } {
  const closing = next.status === 'CLOSED' && current.status !== 'CLOSED';
  const closedAt = next.status === 'CLOSED' ? (closing ? now : current.closedAt) : null;
  const after = { ...current, ...next, closedAt };
  const ended = (stage: ContestStage) => stage !== 'SCHEDULED' && stage !== 'OPEN';
  const before = contestStage(current, now);
  const reopens = ended(before) && !ended(contestStage(after, now));
  if (reopens && before === 'RELEASED') {
    throw conflict(
      `${current.name}'s results are released, so its contest cannot open again: its answers are public.`,
    );
  }
  return {
    ...(closedAt !== current.closedAt ? { closedAt } : {}),
    ...(reopens && current.resultsReleaseAt !== null ? { resultsReleaseAt: null } : {}),
  };
}
