// What the contest scripts check afterwards: every play settled, every acknowledged answer stored
// as sent and scored once, every play's totals equal to its answers, every standing right.
import type { Db } from '@riyazi/db';
import { sql } from 'kysely';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An answer the api acknowledged (200 to submit-answer). */
export interface Acknowledged {
  playId: string;
  questionId: string;
  answers: string[];
}

/** Until every play is finished and every answer scored (the workers catching up), at most 3 minutes. */
export async function settled(db: Db, playIds: string[]) {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    const { rows } = await sql<{ open: number; unscored: number }>`
      SELECT (SELECT count(*)::int FROM plays WHERE id = ANY(${playIds}::uuid[]) AND status = 'IN_PROGRESS') AS open,
             (SELECT count(*)::int FROM play_answers WHERE play_id = ANY(${playIds}::uuid[]) AND scored_at IS NULL) AS unscored`.execute(
      db,
    );
    if (rows[0]!.open === 0 && rows[0]!.unscored === 0) {
      return true;
    }
    await sleep(500);
  }
  return false;
}

export async function verify(db: Db, acked: Acknowledged[], playIds: string[]) {
  const { rows: stored } = await sql<{ stored: number; sameAnswer: number; scored: number }>`
    SELECT count(a.play_id)::int AS stored,
           count(*) FILTER (WHERE a.selected_option_ids::text[] = k.answers
                              OR (a.answer_text IS NOT NULL AND k.answers = ARRAY[a.answer_text]))::int AS "sameAnswer",
           count(a.scored_at)::int AS scored
    FROM jsonb_to_recordset(${JSON.stringify(acked)}::jsonb) AS k("playId" uuid, "questionId" uuid, answers text[])
    LEFT JOIN play_answers a ON a.play_id = k."playId" AND a.question_id = k."questionId"`.execute(db);
  // Totals that do not add up to their answers: an answer scored twice (or not at all).
  const { rows: totals } = await sql<{ finished: number; mismatched: number }>`
    SELECT count(*) FILTER (WHERE p.status = 'FINISHED')::int AS finished,
           count(*) FILTER (WHERE p.score <> s.score OR p.scored_count <> s.scored OR p.correct_count <> s.correct
                              OR s.rows <> p.question_count)::int AS mismatched
    FROM plays p
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(a.score), 0) AS score, count(a.scored_at)::int AS scored,
             count(*) FILTER (WHERE a.is_correct)::int AS correct, count(*)::int AS rows
      FROM play_answers a WHERE a.play_id = p.id) s
    WHERE p.id = ANY(${playIds}::uuid[])`.execute(db);
  // Each student's standing is their best finished play.
  const { rows: standings } = await sql<{ students: number; wrong: number }>`
    SELECT count(*)::int AS students,
           count(*) FILTER (WHERE st.score IS DISTINCT FROM best.score)::int AS wrong
    FROM (SELECT p.student_id, p.phase_id, p.grade_id, max(p.score) AS score FROM plays p
          WHERE p.id = ANY(${playIds}::uuid[]) AND p.status = 'FINISHED'
          GROUP BY p.student_id, p.phase_id, p.grade_id) best
    LEFT JOIN phase_standings st ON st.student_id = best.student_id AND st.phase_id = best.phase_id
                                 AND st.grade_id = best.grade_id`.execute(db);
  return { ...stored[0]!, ...totals[0]!, standings: standings[0]! };
}

/**
 * `settled`, then `verify` until every standing is right (standings are recomputed in 2 s windows
 * after the plays finish), for at most a minute; with what was lost, changed or left unscored.
 */
export async function verifyOnceRanked(db: Db, acked: Acknowledged[], playIds: string[]) {
  const allSettled = await settled(db, playIds);
  let result = await verify(db, acked, playIds);
  const rankedFrom = Date.now();
  while (result.standings.wrong > 0 && Date.now() - rankedFrom < 60_000) {
    await sleep(1000);
    result = await verify(db, acked, playIds);
  }
  return {
    allSettled,
    result,
    rankingSeconds: (Date.now() - rankedFrom) / 1000,
    lost: acked.length - result.stored,
    changed: result.stored - result.sameAnswer,
    unscored: result.stored - result.scored,
  };
}
