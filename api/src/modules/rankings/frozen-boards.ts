import { z } from 'zod';
import type { Leaderboard } from '../../contracts/rankings.js';
import * as freezes from './board-freezes.repository.js';
import { publicEntry } from './display-names.js';
import { type BoardDisplay, getDisplaySettings } from './public-display.service.js';
import * as repo from './rankings.repository.js';

/** How many rows of each grade a freeze keeps: the public pages beyond it are empty while frozen. */
export const FROZEN_BOARD_SIZE = 100;

export interface BoardPage {
  offset: number;
  limit: number;
}

// Who stood where, never what to call them: names follow the display settings and the student's
// data when the board is served (an admin may switch to student numbers, a child may be anonymised).
const frozenEntry = z.object({
  studentId: z.string(),
  rank: z.number(),
  score: z.number(),
  timeMs: z.number(),
});
const snapshotSchema = z.record(
  z.string(),
  z.object({ rankedCount: z.number(), entries: z.array(frozenEntry) }),
);
export type Snapshot = z.output<typeof snapshotSchema>;

export interface Freeze {
  frozenAt: Date;
  snapshot: Snapshot;
}

/** What every board of a phase is served with: its freeze (if frozen), its last reveal, the settings. */
export interface BoardState {
  freeze: Freeze | null;
  revealedAt: Date | null;
  settings: BoardDisplay;
}

export async function findBoardState(db: repo.Executor, phaseId: string): Promise<BoardState> {
  const [row, settings] = await Promise.all([freezes.findBoardFreeze(db, phaseId), getDisplaySettings(db)]);
  if (!row || row.revealedAt !== null) {
    return { freeze: null, revealedAt: row?.revealedAt ?? null, settings };
  }
  const parsed = snapshotSchema.safeParse(row.snapshot);
  return {
    freeze: { frozenAt: row.frozenAt, snapshot: parsed.success ? parsed.data : {} },
    revealedAt: null,
    settings,
  };
}

/** The latest of these times: when what a board shows last changed (ranked, frozen, revealed, renamed). */
export function newest(...times: (Date | null | undefined)[]): string | null {
  let latest: Date | null = null;
  for (const time of times) {
    if (time && (latest === null || time > latest)) {
      latest = time;
    }
  }
  return latest?.toISOString() ?? null;
}

/** Each ranked grade's top FROZEN_BOARD_SIZE as ranked now, in the order the live board lists them. */
export async function takeSnapshot(db: repo.Executor, phaseId: string): Promise<Snapshot> {
  const snapshot: Snapshot = {};
  for (const gradeId of await repo.gradesWithStandings(db, phaseId)) {
    const [meta, rows] = await Promise.all([
      repo.findPhaseRanking(db, phaseId, gradeId),
      repo.findStandingsPage(db, phaseId, gradeId, { offset: 0, limit: FROZEN_BOARD_SIZE }),
    ]);
    snapshot[gradeId] = {
      rankedCount: meta?.rankedCount ?? 0,
      entries: rows.map((r) => ({
        studentId: r.studentId,
        rank: r.rank,
        score: Number(r.score),
        timeMs: r.totalTimeMs,
      })),
    };
  }
  return snapshot;
}

/**
 * The snapshot without the student in the grade: who stood below moves up a place (unless another
 * child shared the student's rank); null when the student is not on that grade's frozen board.
 */
export function withoutStudent(snapshot: Snapshot, gradeId: string, studentId: string): Snapshot | null {
  const grade = snapshot[gradeId];
  const gone = grade?.entries.find((e) => e.studentId === studentId);
  if (!grade || !gone) {
    return null;
  }
  const shared = grade.entries.some((e) => e !== gone && e.rank === gone.rank);
  const entries = grade.entries
    .filter((e) => e !== gone)
    .map((e) => (!shared && e.rank > gone.rank ? { ...e, rank: e.rank - 1 } : e));
  return { ...snapshot, [gradeId]: { rankedCount: Math.max(0, grade.rankedCount - 1), entries } };
}

/**
 * A disqualified play's student leaves the phase's frozen board at once (the live board is
 * re-ranked underneath as usual); true when they were on it. Lifting a disqualification while the
 * board is frozen does not put them back: they return with the reveal.
 */
export async function dropFromFrozenBoard(
  trx: repo.Executor,
  phaseId: string,
  gradeId: string,
  studentId: string,
): Promise<boolean> {
  const row = await freezes.frozenSnapshot(trx, phaseId, true);
  const parsed = row ? snapshotSchema.safeParse(row.snapshot) : null;
  const next = parsed?.success ? withoutStudent(parsed.data, gradeId, studentId) : null;
  if (next === null) {
    return false;
  }
  await freezes.updateSnapshot(trx, phaseId, next);
  return true;
}

/** A page of the frozen board, each child named as the settings and their data say now. */
export async function frozenBoard(
  db: repo.Executor,
  phaseId: string,
  gradeId: string,
  page: BoardPage,
  freeze: Freeze,
  settings: BoardDisplay,
): Promise<Omit<Leaderboard, 'asOf'>> {
  const grade = freeze.snapshot[gradeId];
  const entries = grade?.entries.slice(page.offset, page.offset + page.limit) ?? [];
  const students = new Map(
    (
      await repo.findPublicStudents(
        db,
        entries.map((e) => e.studentId),
      )
    ).map((s) => [s.id, s]),
  );
  return {
    phaseId,
    gradeId,
    frozen: true,
    updatedAt: newest(freeze.frozenAt, settings.updatedAt),
    rankedCount: grade?.rankedCount ?? 0,
    // A student deleted since the freeze is left out rather than named from memory.
    entries: entries.flatMap((e) => {
      const student = students.get(e.studentId);
      return student
        ? [publicEntry(settings, { ...student, rank: e.rank, score: e.score, totalTimeMs: e.timeMs })]
        : [];
    }),
  };
}
