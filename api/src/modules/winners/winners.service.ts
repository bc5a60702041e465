import type { Db } from '@riyazi/db';
import { contestNotYet } from '#modules/phases';
import type { Redis } from 'ioredis';
import { confirmStaffPassword } from '../../auth/staff-password-check.js';
import type {
  AutoWinnersResult,
  PhaseWinner,
  WinnerCandidate,
  WinnerMethod,
} from '../../contracts/winners.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import {
  type DispatchDeps,
  dispatchAfterCommit,
  insertOutboxEvent,
  type OutboxEvent,
} from '../../queue/outbox.js';
import * as repo from './winners.repository.js';
import type { AutoWinnersBody, ManualWinnerBody } from './winners.schemas.js';

export interface WinnersDeps extends DispatchDeps {
  redis: Redis;
  redisPrefix: string;
}

/** The Super Admin acting, as read from the database on this request. */
export interface WinnersActor {
  id: string;
  email: string;
  ip: string;
}

const REJECTED = 'phaseWinner.passwordRejected';

function toWinner(row: repo.WinnerRow): PhaseWinner {
  return {
    _id: row.id,
    phaseId: row.phaseId,
    grade: { _id: row.gradeId, title: row.gradeTitle },
    student: {
      _id: row.studentId,
      studentId: Number(row.studentNo),
      fullName: row.fullName,
      schoolName: row.schoolName,
      city: row.city,
    },
    position: row.position,
    score: row.score === null ? null : Number(row.score),
    method: row.method as WinnerMethod,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Written with the change it announces; the broadcast worker tells the champions room. */
function championsChanged(trx: Trx) {
  return insertOutboxEvent(trx, 'champions.updated', { updatedAt: new Date().toISOString() });
}

/** After commit: every node drops its board (cache bus) before the champions room is told. */
async function announce(deps: DispatchDeps, event: OutboxEvent | null) {
  if (event) {
    await announceCacheChanges(deps.db, everything('champions'));
    await dispatchAfterCommit(deps, [event]);
  }
}

async function requirePhase(db: Db, phaseId: string) {
  const phase = await repo.findPhase(db, phaseId);
  if (!phase) {
    throw notFound('Phase not found');
  }
  return phase;
}

/** Winners are chosen from final ranks: once the phase's contest is closed and every play has finished. */
async function requireRanksFinal(db: Db, phaseId: string): Promise<void> {
  const notYet = await contestNotYet(db, phaseId, 'CLOSED', 'choose its winners');
  if (notYet) {
    throw conflict(notYet);
  }
}

/** The top N of every grade's standing become winners (position = rank); existing winners stay. */
export async function createWinnersAutomatically(
  deps: WinnersDeps,
  actor: WinnersActor,
  body: AutoWinnersBody,
): Promise<{ message: string; data: AutoWinnersResult }> {
  await confirmStaffPassword(deps, actor, body.password, REJECTED);
  const phase = await requirePhase(deps.db, body.phaseId);
  await requireRanksFinal(deps.db, phase.id);
  const { result, event } = await deps.db.transaction().execute(async (trx) => {
    const counts = await repo.insertTopWinners(trx, phase.id, body.topN, actor.id);
    if (counts.eligible === 0) {
      throw conflict(`${phase.name} has no ranked students yet.`);
    }
    const data = { created: counts.created, alreadyWinners: counts.eligible - counts.created };
    await audit(trx, actor, 'phaseWinner.createAutomatic', 'phase', phase.id, { topN: body.topN, ...data });
    return { result: data, event: data.created > 0 ? await championsChanged(trx) : null };
  });
  await announce(deps, event);
  const plural = (n: number) => (n === 1 ? '' : 's');
  return {
    message: `${result.created} winner${plural(result.created)} added; ${result.alreadyWinners} already ${result.alreadyWinners === 1 ? 'was a winner' : 'were winners'}.`,
    data: result,
  };
}

/** Promotes one student of a grade; promoting a winner again answers the existing winner. */
export async function createWinnerManually(
  deps: WinnersDeps,
  actor: WinnersActor,
  body: ManualWinnerBody,
): Promise<{ created: boolean; winner: PhaseWinner }> {
  await confirmStaffPassword(deps, actor, body.password, REJECTED);
  const { db } = deps;
  const [phase, grade, student] = await Promise.all([
    repo.findPhase(db, body.phaseId),
    repo.findGrade(db, body.gradeId),
    repo.findStudent(db, body.winnerId),
  ]);
  if (!phase) {
    throw notFound('Phase not found');
  }
  await requireRanksFinal(db, phase.id);
  if (!grade) {
    throw notFound('Grade not found');
  }
  if (!student) {
    throw notFound('Student not found');
  }
  if (student.gradeId !== grade.id) {
    throw badRequest(`${student.fullName} is not in ${grade.title}.`);
  }
  if (!(await repo.hasFinishedContestPlay(db, phase.id, grade.id, student.id))) {
    throw conflict(
      `${student.fullName} has no finished contest play in ${phase.name} (${grade.title}), so cannot be one of its winners.`,
    );
  }
  const standing = await repo.findStanding(db, phase.id, grade.id, student.id);
  const { id, event } = await db.transaction().execute(async (trx) => {
    const created = await repo.insertManualWinner(trx, {
      phaseId: phase.id,
      gradeId: grade.id,
      studentId: student.id,
      position: standing?.rank ?? null,
      score: standing?.score ?? null,
      createdBy: actor.id,
    });
    if (created === undefined) {
      return { id: await repo.findWinnerId(trx, phase.id, grade.id, student.id), event: null };
    }
    await audit(trx, actor, 'phaseWinner.createManual', 'phaseWinner', created, {
      phaseId: phase.id,
      gradeId: grade.id,
      studentId: student.id,
      rank: standing?.rank ?? null,
    });
    return { id: created, event: await championsChanged(trx) };
  });
  await announce(deps, event);
  const row = id === undefined ? undefined : await repo.findWinner(db, id);
  if (!row) {
    // Removed between the insert and this read.
    throw notFound('Winner not found');
  }
  return { created: event !== null, winner: toWinner(row) };
}

export async function listPhaseWinners(db: Db, phaseId: string): Promise<PhaseWinner[]> {
  await requirePhase(db, phaseId);
  return (await repo.listWinners(db, phaseId)).map(toWinner);
}

/** Undoes a mistaken winner, after the same password re-check. */
export async function deleteWinner(
  deps: WinnersDeps,
  actor: WinnersActor,
  id: string,
  password: string,
): Promise<void> {
  await confirmStaffPassword(deps, actor, password, REJECTED);
  const winner = await repo.findWinner(deps.db, id);
  if (!winner) {
    throw notFound('Winner not found');
  }
  const event = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.deleteWinner(trx, id))) {
      throw notFound('Winner not found');
    }
    await audit(trx, actor, 'phaseWinner.delete', 'phaseWinner', id, {
      phaseId: winner.phaseId,
      gradeId: winner.gradeId,
      studentId: winner.studentId,
      position: winner.position,
      method: winner.method,
    });
    return championsChanged(trx);
  });
  await announce(deps, event);
}

export async function findWinnerCandidate(
  db: Db,
  phaseId: string,
  studentNo: number,
): Promise<WinnerCandidate> {
  await requirePhase(db, phaseId);
  const row = await repo.findCandidate(db, phaseId, studentNo);
  if (!row) {
    throw notFound(`No student has the number ${studentNo}.`);
  }
  return {
    _id: row.id,
    studentId: Number(row.studentNo),
    fullName: row.fullName,
    gradeId: row.gradeId,
    gradeTitle: row.gradeTitle,
    rank: row.rank,
    score: row.score === null ? null : Number(row.score),
    addWinner: row.gradeId !== null && !row.isWinner,
    played: row.played === true,
  };
}
