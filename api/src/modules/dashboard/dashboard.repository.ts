import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';

/** A time window [from, to). */
export interface Window {
  from: Date;
  to: Date;
}

/** Every student, those who signed up in the window and those whose documents were approved. */
export async function studentCounts(db: Executor, day: Window) {
  // Three index scans (students_created_idx, students_verification_idx), never a table scan.
  const { rows } = await sql<{ total: number; newToday: number; verified: number }>`
    SELECT (SELECT count(*) FROM students)::int AS total,
      (SELECT count(*) FROM students WHERE created_at >= ${day.from} AND created_at < ${day.to})::int
        AS new_today,
      (SELECT count(*) FROM students WHERE verification_status = 'APPROVED')::int AS verified
  `.execute(db);
  return rows[0] ?? { total: 0, newToday: 0, verified: 0 };
}

export async function pendingVerificationCount(db: Executor): Promise<number> {
  const { rows } = await sql<{ pending: number }>`
    SELECT count(*)::int AS pending FROM students WHERE verification_status = 'PENDING'
  `.execute(db);
  return rows[0]?.pending ?? 0;
}

/** PAID payments made in the window (by created_at, as the payments report counts them), in paisa. */
export async function paidPayments(db: Executor, window: Window) {
  const { rows } = await sql<{ count: number; paisa: string }>`
    SELECT count(*)::int AS count, coalesce(sum(amount_paisa), 0)::bigint AS paisa
    FROM payments
    WHERE created_at >= ${window.from} AND created_at < ${window.to} AND status = 'PAID'
  `.execute(db);
  const row = rows[0];
  return { count: row?.count ?? 0, paisa: Number(row?.paisa ?? 0) };
}

export interface GradePlaysRow {
  gradeId: string;
  grade: string;
  running: number;
  finished: number;
}

/**
 * Every grade with its contest plays in the phase, running and finished. The counts read
 * plays_ranking_idx (phase_id, grade_id, kind, status) alone: on a contest day of 100,000 plays
 * this is an index-only scan of the phase, never of the table.
 */
export async function contestPlaysByGrade(db: Executor, phaseId: string): Promise<GradePlaysRow[]> {
  const { rows } = await sql<GradePlaysRow>`
    WITH counts AS (
      SELECT grade_id,
        count(*) FILTER (WHERE status = 'IN_PROGRESS')::int AS running,
        count(*) FILTER (WHERE status = 'FINISHED')::int AS finished
      FROM plays
      WHERE phase_id = ${phaseId} AND kind = 'CONTEST' AND status IN ('IN_PROGRESS', 'FINISHED')
      GROUP BY grade_id
    )
    SELECT g.id AS grade_id, g.title AS grade,
      coalesce(c.running, 0) AS running, coalesce(c.finished, 0) AS finished
    FROM grades g
    LEFT JOIN counts c ON c.grade_id = g.id
    WHERE g.is_active OR c.grade_id IS NOT NULL
    ORDER BY g.sort_order, g.title
  `.execute(db);
  return rows;
}
