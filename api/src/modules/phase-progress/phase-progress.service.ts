import type { Db } from '@riyazi/db';
import { getFlags } from '#modules/flags';
import { queueMail } from '#modules/mail';
import { contestNotYet, contestStageOf } from '#modules/phases';
import { rebuildPhase } from '#modules/rankings';
import {
  DEFAULT_TOPPER_CUT,
  type NotifyQualifiersPreview,
  type NotifyQualifiersResult,
  type PhaseCutoffs,
  type PhaseProgress,
  topperCutsFor,
} from '../../contracts/winners.js';
import type { EngineDeps } from '../../engine.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, fieldError, notFound } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import * as repo from './phase-progress.repository.js';
import { qualifiesFor } from './qualification.js';

export interface StaffActor {
  id: string;
  ip: string;
}

const phaseRef = (p: repo.PhaseRow) => ({ _id: p.id, name: p.name, number: p.number });

async function requirePhase(db: Db, phaseId: string): Promise<repo.PhaseRow> {
  const phase = await repo.findPhase(db, phaseId);
  if (!phase) {
    throw notFound('Phase not found');
  }
  return phase;
}

const listOf = (cuts: readonly number[]) =>
  cuts.length > 1 ? `${cuts.slice(0, -1).join(', ')} or ${cuts.at(-1)}` : String(cuts[0]);

export async function getCutoffs(db: Db, phaseId: string): Promise<PhaseCutoffs> {
  const phase = await requirePhase(db, phaseId);
  const [grades, nextPhase] = await Promise.all([
    repo.listGradeCutoffs(db, phase.id),
    repo.findPhaseByNumber(db, phase.number + 1),
  ]);
  const fallback = DEFAULT_TOPPER_CUT[phase.number] ?? null;
  return {
    phase: phaseRef(phase),
    nextPhase: nextPhase ? phaseRef(nextPhase) : null,
    options: [...topperCutsFor(phase.number)],
    grades: grades.map((g) => ({
      gradeId: g.id,
      title: g.title,
      topN: fallback === null ? null : (g.topN ?? fallback),
      isDefault: g.topN === null,
    })),
  };
}

/** Phase 1 carries its top 100, 150 or 200 of a grade forward, phase 2 its top 10, 20 or 30. */
export async function saveCutoff(
  db: Db,
  actor: StaffActor,
  body: { phaseId: string; gradeId: string; topN: number },
): Promise<PhaseCutoffs> {
  const [phase, grade] = await Promise.all([
    requirePhase(db, body.phaseId),
    repo.findGrade(db, body.gradeId),
  ]);
  if (!grade) {
    throw notFound('Grade not found');
  }
  const allowed = topperCutsFor(phase.number);
  if (allowed.length === 0) {
    throw badRequest(`${phase.name} does not carry toppers to a next phase.`);
  }
  if (!allowed.includes(body.topN)) {
    throw fieldError('topN', `must be ${listOf(allowed)} for phase ${phase.number}`);
  }
  await db.transaction().execute(async (trx) => {
    const before = await repo.findCutoff(trx, phase.id, grade.id);
    await repo.upsertCutoff(trx, phase.id, grade.id, body.topN, actor.id);
    await audit(trx, actor, 'phaseCutoff.update', 'phase', phase.id, {
      gradeId: grade.id,
      grade: grade.title,
      from: before ?? null,
      to: body.topN,
    });
  });
  await announceCacheChanges(db, everything('qualificationGates'));
  return getCutoffs(db, phase.id);
}

type NotifyTarget =
  | { ok: true; next: repo.PhaseRow; defaultCut: number }
  | { ok: false; status: 400 | 409; message: string; next: repo.PhaseRow | null };

/**
 * Whether the phase's qualifiers may be told now: only once its ranks are final, i.e. the phase
 * is over and no contest play started before its end is still running.
 */
async function notifyTarget(db: Db, phase: repo.PhaseRow, now: Date): Promise<NotifyTarget> {
  const defaultCut = DEFAULT_TOPPER_CUT[phase.number];
  if (defaultCut === undefined) {
    return {
      ok: false,
      status: 400,
      message: `${phase.name} does not carry toppers to a next phase.`,
      next: null,
    };
  }
  const next = await repo.findPhaseByNumber(db, phase.number + 1);
  if (!next) {
    const message = `There is no phase after ${phase.name} yet. Add phase ${phase.number + 1} first.`;
    return { ok: false, status: 400, message, next: null };
  }
  // Qualifiers learn their result: only once the phase's results are released (every play finished).
  const notYet = await contestNotYet(db, phase.id, 'RELEASED', 'e-mail its qualifiers', now);
  if (notYet) {
    return { ok: false, status: 409, message: notYet, next };
  }
  return { ok: true, next, defaultCut };
}

/** What "E-mail qualifiers" would do now: how many it would e-mail, or why it is refused. */
export async function previewNotify(
  db: Db,
  phaseId: string,
  now = new Date(),
): Promise<NotifyQualifiersPreview> {
  const phase = await requirePhase(db, phaseId);
  const target = await notifyTarget(db, phase, now);
  const nextPhase = target.next ? { _id: target.next.id, name: target.next.name } : null;
  if (!target.ok) {
    return { nextPhase, pending: 0, blocked: target.message };
  }
  return {
    nextPhase,
    pending: await repo.countNewQualifiers(db, phase.id, target.next.id, target.defaultCut),
    blocked: null,
  };
}

/**
 * E-mails every qualifier of the phase after this one (within their grade's cut) who has not been
 * told yet, once the phase is over; the qualification row and its e-mail commit together, so each
 * student hears once, and the row admits them to the next phase whatever happens to ranks later.
 */
export async function notifyQualifiers(
  deps: DispatchDeps,
  actor: StaffActor,
  phaseId: string,
  now = new Date(),
): Promise<NotifyQualifiersResult> {
  const { db } = deps;
  const phase = await requirePhase(db, phaseId);
  const target = await notifyTarget(db, phase, now);
  if (!target.ok) {
    throw target.status === 409 ? conflict(target.message) : badRequest(target.message);
  }
  const { next, defaultCut } = target;
  // From the plays themselves: the last finishes' debounced recompute may not have run yet.
  await rebuildPhase(db, phase.id);
  const events = await db.transaction().execute(async (trx) => {
    const qualifiers = await repo.insertNewQualifiers(trx, phase.id, next.id, defaultCut);
    const queued = [];
    for (const q of qualifiers) {
      const { event } = await queueMail(trx, 'phaseQualified', q.email, {
        name: q.fullName,
        phaseTitle: phase.name,
        nextPhaseTitle: next.name,
        rank: q.rank,
        language: q.language,
      });
      queued.push(event);
    }
    await audit(trx, actor, 'phaseCutoff.notify', 'phase', phase.id, {
      nextPhaseId: next.id,
      notified: qualifiers.length,
    });
    return queued;
  });
  await dispatchAfterCommit(deps, events);
  return { notified: events.length, nextPhase: { _id: next.id, name: next.name } };
}

/** What a student's dashboard shows: the phase coming next, the one that ended, and where they stand. */
export async function phaseProgress(
  deps: EngineDeps,
  studentId: string,
  now = new Date(),
): Promise<PhaseProgress> {
  const { db } = deps;
  const flags = await getFlags(db);
  const [next, previous, gradeId] = await Promise.all([
    flags.nextPhase ? repo.findPhase(db, flags.nextPhase) : undefined,
    flags.previousPhase ? repo.findPhase(db, flags.previousPhase) : undefined,
    repo.findStudentGrade(db, studentId),
  ]);
  const rankPhaseId = previous?.id ?? (flags.contestQuizPhase || null);
  const [qualifiedForNext, standing] = await Promise.all([
    next && gradeId ? qualifiedFor(deps, studentId, gradeId, next, now) : null,
    rankPhaseId ? repo.findStanding(db, rankPhaseId, studentId) : undefined,
  ]);
  return {
    nextPhase: next ? { _id: next.id, title: next.name, startsAt: next.startsAt.toISOString() } : null,
    previousPhase: previous
      ? { _id: previous.id, title: previous.name, endedAt: previous.endsAt.toISOString() }
      : null,
    qualifiedForNext,
    myRank:
      standing && rankPhaseId
        ? { phaseId: rankPhaseId, rank: standing.rank, score: Number(standing.score) }
        : null,
  };
}

/** null until the results of the phase deciding it are released: a rank before then is not final or not public. */
async function qualifiedFor(
  deps: EngineDeps,
  studentId: string,
  gradeId: string,
  next: repo.PhaseRow,
  now: Date,
): Promise<boolean | null> {
  const deciding = next.number > 1 ? await repo.findPhaseByNumber(deps.db, next.number - 1) : undefined;
  if (deciding && (await contestStageOf(deps.db, deciding.id, now)) !== 'RELEASED') {
    return null;
  }
  return (await qualifiesFor(deps, studentId, gradeId, next)).ok;
}
