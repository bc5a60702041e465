import type { Db } from '@riyazi/db';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { TypedServer } from '../../realtime/adapter.js';
import { publishBoards, publishLeaderboards, type StaffAction } from './leaderboards.service.js';
import * as repo from './rankings.repository.js';

export { publishBoards, publishLeaderboards };

export interface RecomputeResult {
  phaseId: string;
  gradeId: string;
  rankedCount: number;
  /** Standings rows written (updated, inserted or deleted): 0 when nothing moved. */
  changed: number;
  computedAt: Date;
  durationMs: number;
}

/**
 * Ranks one phase and grade from its finished contest plays (DESIGN.md: best play; ties by that
 * play's total time, then its finish) in one transaction, and records when and how long it took.
 * A grade left with no finished play loses its standings; its ranking row stays (0 ranked) so its
 * now empty board is newer than the one clients hold.
 */
export async function recomputeStandings(db: Db, phaseId: string, gradeId: string): Promise<RecomputeResult> {
  const started = performance.now();
  return db.transaction().execute(async (trx) => {
    await repo.lockStandings(trx, phaseId, gradeId);
    await repo.disableNestedLoops(trx);
    const counts = await repo.rewriteStandings(trx, phaseId, gradeId);
    const computedAt = new Date();
    const durationMs = Math.round(performance.now() - started);
    await repo.upsertPhaseRanking(trx, {
      phaseId,
      gradeId,
      rankedCount: counts.ranked,
      computedAt,
      durationMs,
    });
    return {
      phaseId,
      gradeId,
      rankedCount: counts.ranked,
      changed: counts.updated + counts.inserted + counts.deleted,
      computedAt,
      durationMs,
    };
  });
}

export interface RebuildResult {
  phaseId: string;
  grades: RecomputeResult[];
  ranked: number;
  durationMs: number;
}

/**
 * Ranks every grade of the phase with a finished contest play, and clears the standings of grades
 * that have none (plays cancelled or moved). Grades run side by side on `concurrency` connections.
 */
export async function rebuildPhase(
  db: Db,
  phaseId: string,
  options: { concurrency?: number } = {},
): Promise<RebuildResult> {
  const started = performance.now();
  const [withPlays, withStandings] = await Promise.all([
    repo.gradesWithFinishedPlays(db, phaseId),
    repo.gradesWithStandings(db, phaseId),
  ]);
  const gradeIds = [...new Set([...withPlays, ...withStandings])];
  const grades: RecomputeResult[] = [];
  const queue = [...gradeIds];
  const lane = async () => {
    for (let gradeId = queue.shift(); gradeId !== undefined; gradeId = queue.shift()) {
      grades.push(await recomputeStandings(db, phaseId, gradeId));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, lane));
  const order = new Map(gradeIds.map((id, i) => [id, i]));
  grades.sort((a, b) => (order.get(a.gradeId) ?? 0) - (order.get(b.gradeId) ?? 0));
  return {
    phaseId,
    grades,
    ranked: grades.reduce((sum, g) => sum + g.rankedCount, 0),
    durationMs: Math.round(performance.now() - started),
  };
}

export interface PhaseStanding {
  topScore: number;
  currentRank: number;
}

/** A student's standing per phase number 1, 2 and 3 (rankAndScorePhase1/2/3 of the students list). */
export type StudentStandings = Record<1 | 2 | 3, PhaseStanding | null>;

const noStandings = (): StudentStandings => ({ 1: null, 2: null, 3: null });

/** For a page of students at once: one query. Two grades in one phase: the better score counts. */
export async function standingsOfStudents(
  db: Db,
  studentIds: readonly string[],
): Promise<Map<string, StudentStandings>> {
  const result = new Map(studentIds.map((id) => [id, noStandings()]));
  if (studentIds.length === 0) {
    return result;
  }
  for (const row of await repo.findStandingsOfStudents(db, studentIds)) {
    const standings = result.get(row.studentId);
    const phase = row.number;
    if (standings && (phase === 1 || phase === 2 || phase === 3) && standings[phase] === null) {
      standings[phase] = { topScore: Number(row.score), currentRank: row.rank };
    }
  }
  return result;
}

export async function standingsOfStudent(db: Db, studentId: string): Promise<StudentStandings> {
  return (await standingsOfStudents(db, [studentId])).get(studentId) ?? noStandings();
}

/** The admin rebuild: ranks the whole phase again from PostgreSQL, then pushes its boards. */
export async function rebuildAndPublish(db: Db, io: TypedServer, phaseId: string, by: StaffAction) {
  if (!(await repo.findPhase(db, phaseId))) {
    throw notFound('Phase not found');
  }
  const result = await rebuildPhase(db, phaseId);
  await writeAudit(db, {
    actorType: 'staff',
    actorId: by.staffId,
    action: 'ranking.rebuild',
    targetType: 'phase',
    targetId: phaseId,
    ip: by.ip,
    details: { grades: result.grades.length, ranked: result.ranked, durationMs: result.durationMs },
  });
  await publishLeaderboards(
    db,
    io,
    phaseId,
    result.grades.map((g) => g.gradeId),
  );
  return result;
}

class DryRunRollback extends Error {}

/**
 * What rebuildPhase would change, without changing it: each grade is ranked in a transaction that
 * is then rolled back, so the counts are the real rewrite's.
 */
export async function previewPhaseRebuild(db: Db, phaseId: string): Promise<RebuildResult> {
  const started = performance.now();
  const [withPlays, withStandings] = await Promise.all([
    repo.gradesWithFinishedPlays(db, phaseId),
    repo.gradesWithStandings(db, phaseId),
  ]);
  const grades: RecomputeResult[] = [];
  for (const gradeId of new Set([...withPlays, ...withStandings])) {
    const gradeStarted = performance.now();
    await db
      .transaction()
      .execute(async (trx) => {
        await repo.disableNestedLoops(trx);
        const counts = await repo.rewriteStandings(trx, phaseId, gradeId);
        grades.push({
          phaseId,
          gradeId,
          rankedCount: counts.ranked,
          changed: counts.updated + counts.inserted + counts.deleted,
          computedAt: new Date(),
          durationMs: Math.round(performance.now() - gradeStarted),
        });
        throw new DryRunRollback();
      })
      .catch((err: unknown) => {
        if (!(err instanceof DryRunRollback)) {
          throw err;
        }
      });
  }
  return {
    phaseId,
    grades,
    ranked: grades.reduce((sum, g) => sum + g.rankedCount, 0),
    durationMs: Math.round(performance.now() - started),
  };
}

/** The phase's name, or null when no phase has this id. */
export async function findPhaseName(db: Db, phaseId: string): Promise<string | null> {
  return (await repo.findPhase(db, phaseId))?.name ?? null;
}
