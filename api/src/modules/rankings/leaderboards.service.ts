import type { Db } from '@riyazi/db';
import { z } from 'zod';
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
import { findActiveContestPhase } from '../phases/phases.service.js';
import { type DisplaySettings, publicEntry } from './display-names.js';
import { getDisplaySettings } from './public-display.service.js';
import * as repo from './rankings.repository.js';

/** How many rows of each grade a freeze keeps: the public pages beyond it are empty while frozen. */
export const FROZEN_BOARD_SIZE = 100;

export interface BoardPage {
  offset: number;
  limit: number;
}

const entrySchema = z.object({
  rank: z.number(),
  name: z.string(),
  school: z.string().nullable(),
  city: z.string().nullable(),
  score: z.number(),
  timeMs: z.number(),
});
const snapshotSchema = z.record(
  z.string(),
  z.object({ rankedCount: z.number(), entries: z.array(entrySchema) }),
);
type Snapshot = z.output<typeof snapshotSchema>;

interface Freeze {
  frozenAt: Date;
  snapshot: Snapshot;
}

async function findFreeze(db: repo.Executor, phaseId: string): Promise<Freeze | null> {
  const row = await repo.findFreeze(db, phaseId);
  if (!row) {
    return null;
  }
  const parsed = snapshotSchema.safeParse(row.snapshot);
  return { frozenAt: row.frozenAt, snapshot: parsed.success ? parsed.data : {} };
}

/** The board as ranked now, one page of it, names as the display settings allow. */
async function liveBoard(
  db: repo.Executor,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
  settings: DisplaySettings,
): Promise<Leaderboard> {
  const [meta, rows] = await Promise.all([
    repo.findPhaseRanking(db, phaseId, gradeId),
    repo.findStandingsPage(db, phaseId, gradeId, page),
  ]);
  return {
    phaseId,
    gradeId,
    frozen: false,
    updatedAt: meta?.computedAt.toISOString() ?? null,
    rankedCount: meta?.rankedCount ?? 0,
    entries: rows.map((row) => publicEntry(settings, row)),
  };
}

function frozenBoard(phaseId: string, gradeId: string, freeze: Freeze, page: BoardPage): Leaderboard {
  const grade = freeze.snapshot[gradeId];
  return {
    phaseId,
    gradeId,
    frozen: true,
    updatedAt: freeze.frozenAt.toISOString(),
    rankedCount: grade?.rankedCount ?? 0,
    entries: grade?.entries.slice(page.offset, page.offset + page.limit) ?? [],
  };
}

/** GET /api/leaderboard: a page of the public board (the frozen snapshot while frozen). */
export async function leaderboard(
  db: Db,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
): Promise<Leaderboard> {
  const freeze = await findFreeze(db, phaseId);
  if (freeze) {
    return frozenBoard(phaseId, gradeId, freeze, page);
  }
  const board = await liveBoard(db, phaseId, gradeId, page, await getDisplaySettings(db));
  if (board.updatedAt === null && !(await repo.findPhase(db, phaseId))) {
    throw notFound('Phase not found');
  }
  return board;
}

/** GET /api/leaderboard/home: the contest phase's top `size` per active grade. */
export async function homeLeaderboard(db: Db, size = 5): Promise<HomeLeaderboard> {
  const phase = await findActiveContestPhase(db);
  const grades = await repo.listActiveGrades(db);
  if (!phase) {
    return { phase: null, grades: [] };
  }
  const [freeze, settings] = await Promise.all([findFreeze(db, phase._id), getDisplaySettings(db)]);
  const page = { offset: 0, limit: size };
  return {
    phase: { _id: phase._id, title: phase.name },
    grades: await Promise.all(
      grades.map(async (grade) => ({
        gradeId: grade.id,
        title: grade.title,
        board: freeze
          ? frozenBoard(phase._id, grade.id, freeze, page)
          : await liveBoard(db, phase._id, grade.id, page, settings),
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
  if (gradeIds.length === 0) {
    return 0;
  }
  return db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'shared');
    if (await repo.findFreeze(trx, phaseId)) {
      return 0;
    }
    const settings = await getDisplaySettings(trx);
    for (const gradeId of gradeIds) {
      const board = await liveBoard(trx, phaseId, gradeId, { offset: 0, limit: LIVE_BOARD_SIZE }, settings);
      io.to(rooms.leaderboard(phaseId, gradeId)).emit('leaderboard:updated', board);
    }
    return gradeIds.length;
  });
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
 * Freezes the phase's public boards: each grade's top FROZEN_BOARD_SIZE rows as served now are
 * kept, and rooms get the frozen board. Ranking goes on underneath.
 */
export async function freezeBoard(db: Db, io: TypedServer, phaseId: string, by: StaffAction) {
  await requirePhase(db, phaseId);
  const frozenAt = new Date();
  const snapshot = await db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'exclusive');
    if (await repo.findFreeze(trx, phaseId)) {
      throw conflict('The board of this phase is already frozen');
    }
    const settings = await getDisplaySettings(trx);
    const taken: Snapshot = {};
    for (const gradeId of await repo.gradesWithStandings(trx, phaseId)) {
      const board = await liveBoard(trx, phaseId, gradeId, { offset: 0, limit: FROZEN_BOARD_SIZE }, settings);
      taken[gradeId] = { rankedCount: board.rankedCount, entries: board.entries };
    }
    await repo.insertFreeze(trx, { phaseId, frozenAt, frozenBy: by.staffId, snapshot: taken });
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: by.staffId,
      action: 'ranking.freeze',
      targetType: 'phase',
      targetId: phaseId,
      ip: by.ip,
      details: { grades: Object.keys(taken).length },
    });
    return taken;
  });
  const freeze = { frozenAt, snapshot };
  for (const gradeId of await boardGrades(db, phaseId)) {
    const board = frozenBoard(phaseId, gradeId, freeze, { offset: 0, limit: LIVE_BOARD_SIZE });
    io.to(rooms.leaderboard(phaseId, gradeId)).emit('leaderboard:updated', board);
  }
  return { phaseId, frozenAt: frozenAt.toISOString(), grades: Object.keys(snapshot).length };
}

/** Reveals a frozen phase (the prize ceremony): the freeze goes and rooms get the live boards. */
export async function revealBoard(db: Db, io: TypedServer, phaseId: string, by: StaffAction) {
  await requirePhase(db, phaseId);
  await db.transaction().execute(async (trx) => {
    await repo.lockBoard(trx, phaseId, 'exclusive');
    if (!(await repo.deleteFreeze(trx, phaseId))) {
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
  const [freeze, rows] = await Promise.all([repo.findFreeze(db, phaseId), repo.rankingStatus(db, phaseId)]);
  const frozen = freeze !== undefined;
  return {
    phaseId,
    frozen,
    frozenAt: freeze?.frozenAt.toISOString() ?? null,
    grades: rows.map((row) => ({
      gradeId: row.id,
      title: row.title,
      rankedCount: row.rankedCount ?? 0,
      computedAt: row.computedAt?.toISOString() ?? null,
      durationMs: row.durationMs ?? null,
      frozen,
    })),
  };
}
