import type { Db } from '@riyazi/db';
import { findActiveContestPhase } from '#modules/phases';
import {
  type HomeLeaderboard,
  type Leaderboard,
  LIVE_BOARD_SIZE,
  type MyStanding,
} from '../../contracts/rankings.js';
import { rooms } from '../../contracts/socket.js';
import { writeAudit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { TypedServer } from '../../realtime/adapter.js';
import * as freezes from './board-freezes.repository.js';
import { publicEntry } from './display-names.js';
import {
  type BoardPage,
  type BoardState,
  findBoardState,
  frozenBoard,
  newest,
  takeSnapshot,
} from './frozen-boards.js';
import * as repo from './rankings.repository.js';

/** The board as ranked now, one page of it, names as the display settings allow. */
async function liveBoard(
  db: repo.Executor,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
  state: BoardState,
): Promise<Omit<Leaderboard, 'asOf'>> {
  const [meta, rows] = await Promise.all([
    repo.findPhaseRanking(db, phaseId, gradeId),
    repo.findStandingsPage(db, phaseId, gradeId, page),
  ]);
  return {
    phaseId,
    gradeId,
    frozen: false,
    updatedAt: newest(meta?.computedAt, state.revealedAt, state.settings.updatedAt),
    rankedCount: meta?.rankedCount ?? 0,
    entries: rows.map((row) => publicEntry(state.settings, row)),
  };
}

/**
 * The public board of a phase and grade: the frozen snapshot while frozen, else the live one.
 * `asOf`: the data holds every commit before it (a replica's position, or now on the primary).
 */
async function publicBoard(
  db: repo.Executor,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
  state: BoardState,
  asOf: Date,
): Promise<Leaderboard> {
  const board = await (state.freeze
    ? frozenBoard(db, phaseId, gradeId, page, state.freeze, state.settings)
    : liveBoard(db, phaseId, gradeId, page, state));
  return { ...board, asOf: asOf.toISOString() };
}

/** GET /api/leaderboard: a page of the public board (the frozen snapshot while frozen). */
export async function leaderboard(
  db: Db,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
  asOf: Date,
): Promise<Leaderboard> {
  const [phase, state] = await Promise.all([repo.findPhase(db, phaseId), findBoardState(db, phaseId)]);
  if (!phase) {
    throw notFound('Phase not found');
  }
  return publicBoard(db, phaseId, gradeId, page, state, asOf);
}

/** GET /api/leaderboard/home: the contest phase's top `size` per active grade. */
export async function homeLeaderboard(db: Db, asOf: Date, size = 5): Promise<HomeLeaderboard> {
  const phase = await findActiveContestPhase(db);
  const grades = await repo.listActiveGrades(db);
  if (!phase) {
    return { phase: null, asOf: asOf.toISOString(), grades: [] };
  }
  const state = await findBoardState(db, phase._id);
  const page = { offset: 0, limit: size };
  return {
    phase: { _id: phase._id, title: phase.name },
    asOf: asOf.toISOString(),
    grades: await Promise.all(
      grades.map(async (grade) => ({
        gradeId: grade.id,
        title: grade.title,
        board: await publicBoard(db, phase._id, grade.id, page, state, asOf),
      })),
    ),
  };
}

/** GET /api/leaderboard/me: the student's own live standing, frozen board or not. */
export async function myStanding(db: Db, studentId: string, phaseId: string): Promise<MyStanding> {
  const [best] = await repo.findStudentStandings(db, phaseId, studentId);
  if (best) {
    return {
      phaseId,
      gradeId: best.gradeId,
      rank: best.rank,
      score: Number(best.score),
      rankedCount: best.rankedCount ?? 0,
    };
  }
  const gradeId = (await repo.findStudentGrade(db, studentId))?.gradeId ?? null;
  const meta = gradeId ? await repo.findPhaseRanking(db, phaseId, gradeId) : undefined;
  return { phaseId, gradeId, rank: null, score: null, rankedCount: meta?.rankedCount ?? 0 };
}

const TOP = { offset: 0, limit: LIVE_BOARD_SIZE };

/**
 * Pushes the live top of each grade's board to its room, unless the phase is frozen (then nothing
 * public goes out). Holds the board lock shared while it reads and emits, so a freeze taken
 * meanwhile waits and its frozen board is the last word. Returns how many boards went out.
 */
export async function publishLeaderboards(
  db: Db,
  io: TypedServer,
  phaseId: string,
  gradeIds: readonly string[],
): Promise<number> {
  return publish(db, io, phaseId, gradeIds, { frozenToo: false });
}

/**
 * Pushes each grade's public board as it is now, frozen or live: after what a board shows of a
 * child changed without a new ranking (display settings, a student anonymised).
 */
export function publishBoards(
  db: Db,
  io: TypedServer,
  phaseId: string,
  gradeIds: readonly string[],
): Promise<number> {
  return publish(db, io, phaseId, gradeIds, { frozenToo: true });
}

async function publish(
  db: Db,
  io: TypedServer,
  phaseId: string,
  gradeIds: readonly string[],
  { frozenToo }: { frozenToo: boolean },
): Promise<number> {
  if (gradeIds.length === 0) {
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'shared');
    const state = await findBoardState(trx, phaseId);
    if (state.freeze && !frozenToo) {
      return 0;
    }
    // On the primary, inside the board lock: as of now.
    const asOf = new Date();
    for (const gradeId of gradeIds) {
      const board = await publicBoard(trx, phaseId, gradeId, TOP, state, asOf);
      io.to(rooms.leaderboard(phaseId, gradeId)).emit('leaderboard:updated', board);
    }
    return gradeIds.length;
  });
}

/** Every board that may be open (each phase ranked in or frozen, each of its grades), pushed again. */
export async function republishBoards(db: Db, io: TypedServer): Promise<number> {
  let published = 0;
  for (const phaseId of await repo.phasesWithBoards(db)) {
    published += await publishBoards(db, io, phaseId, await boardGrades(db, phaseId));
  }
  return published;
}

async function boardGrades(db: repo.Executor, phaseId: string): Promise<string[]> {
  const [active, ranked] = await Promise.all([
    repo.listActiveGrades(db),
    repo.gradesWithStandings(db, phaseId),
  ]);
  return [...new Set([...active.map((g) => g.id), ...ranked])];
}

async function requirePhase(db: repo.Executor, phaseId: string) {
  const phase = await repo.findPhase(db, phaseId);
  if (!phase) {
    throw notFound('Phase not found');
  }
  return phase;
}

export interface StaffAction {
  staffId: string;
  ip: string;
}

/**
 * Freezes the phase's public boards: each grade's top FROZEN_BOARD_SIZE standings as ranked now
 * are kept (who and where, never names: those are applied when served), and rooms get the frozen
 * board. Ranking goes on underneath.
 */
export async function freezeBoard(db: Db, io: TypedServer, phaseId: string, by: StaffAction) {
  await requirePhase(db, phaseId);
  const frozenAt = new Date();
  const grades = await db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'exclusive');
    if (await freezes.isFrozen(trx, phaseId)) {
      throw conflict('The board of this phase is already frozen');
    }
    const snapshot = await takeSnapshot(trx, phaseId);
    await freezes.insertFreeze(trx, { phaseId, frozenAt, frozenBy: by.staffId, snapshot });
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'ranking.freeze',
      targetType: 'phase',
      targetId: phaseId,
      ip: by.ip,
      details: { grades: Object.keys(snapshot).length },
    });
    return Object.keys(snapshot).length;
  });
  await publishBoards(db, io, phaseId, await boardGrades(db, phaseId));
  return { phaseId, frozenAt: frozenAt.toISOString(), grades };
}

/** Reveals a frozen phase (the prize ceremony): the freeze ends and rooms get the live boards. */
export async function revealBoard(db: Db, io: TypedServer, phaseId: string, by: StaffAction) {
  await requirePhase(db, phaseId);
  await db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'exclusive');
    if (!(await freezes.revealFreeze(trx, phaseId, new Date()))) {
      throw conflict('The board of this phase is not frozen');
    }
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'ranking.reveal',
      targetType: 'phase',
      targetId: phaseId,
      ip: by.ip,
    });
  });
  const grades = await publishLeaderboards(db, io, phaseId, await boardGrades(db, phaseId));
  return { phaseId, grades };
}

/** GET /api/admin/ranking/status/: when each grade was last ranked, and whether the board is frozen. */
export async function rankingStatus(db: Db, phaseId: string) {
  await requirePhase(db, phaseId);
  const [row, rows] = await Promise.all([
    freezes.findBoardFreeze(db, phaseId),
    repo.rankingStatus(db, phaseId),
  ]);
  const frozen = row !== undefined && row.revealedAt === null;
  return {
    phaseId,
    frozen,
    frozenAt: frozen ? row.frozenAt.toISOString() : null,
    grades: rows.map((r) => ({
      gradeId: r.id,
      title: r.title,
      rankedCount: r.rankedCount ?? 0,
      computedAt: r.computedAt?.toISOString() ?? null,
      durationMs: r.durationMs ?? null,
      frozen,
    })),
  };
}
