import type { Db } from '@riyazi/db';
import { getFlags } from '#modules/flags';
import { listPhaseContests, phaseContestState } from './contest-lifecycle.service.js';
import * as repo from './phases.repository.js';

type PhaseRow = Awaited<ReturnType<typeof repo.listPhases>>[number];

export function toPhaseDto(p: PhaseRow) {
  return {
    _id: p.id,
    name: p.name,
    number: p.number,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
    status: p.status,
  };
}

/** Every phase with its contest's stage (the flags page says what the phase it names is doing). */
export async function listPhaseOptions(db: Db) {
  const [phases, contests] = await Promise.all([repo.listPhases(db), listPhaseContests(db)]);
  const stageOf = new Map(contests.map((c) => [c.phaseId, c.stage]));
  return phases.map((p) => ({ ...toPhaseDto(p), contestStage: stageOf.get(p.id) ?? ('SCHEDULED' as const) }));
}

/** The contest phase: the one named by the contestQuizPhase flag, else the ACTIVE phase open now. */
export async function findActiveContestPhase(db: Db, now = new Date()) {
  const { contestQuizPhase } = await getFlags(db);
  const phase =
    (contestQuizPhase ? await repo.findPhaseById(db, contestQuizPhase) : undefined) ??
    (await repo.findCurrentActivePhase(db, now));
  return phase ? toPhaseDto(phase) : null;
}

/** GET /contestPhase/active: the contest phase with its lifecycle (what the student's contest page says). */
export async function activeContestPhase(db: Db, now = new Date()) {
  const phase = await findActiveContestPhase(db, now);
  return phase ? { ...phase, contest: await phaseContestState(db, phase._id, now) } : null;
}
