import { sql } from 'kysely';
import type { Executor, Trx } from '../../lib/db.js';
import { correctOptionIdsOf } from './play-scoring.repository.js';

// The admin rescore's statements (play-rescore.ts decides): a finished play read against the
// answer key as it is now, and its grades and totals written back.

/** The name of the student who played (findPlay has the rest of what a rescore reports). */
export const studentNameOf = async (db: Executor, studentId: string) =>
  (await db.selectFrom('students').select('fullName').where('id', '=', studentId).executeTakeFirstOrThrow())
    .fullName;

/** The play's answers in question order: what was given, the stored grade and the current key. */
export const answersOfPlay = (db: Executor, playId: string) =>
  db
    .selectFrom('playAnswers as a')
    .innerJoin('playQuestions as pq', (join) =>
      join.onRef('pq.playId', '=', 'a.playId').onRef('pq.questionId', '=', 'a.questionId'),
    )
    .innerJoin('questions as q', 'q.id', 'a.questionId')
    .select([
      'pq.position',
      'a.questionId',
      'a.outcome',
      'a.selectedOptionIds',
      'a.answerText',
      'a.timeTakenMs',
      'a.isCorrect',
      'a.score',
      'q.type',
      'q.acceptedAnswers',
      'q.score as weight',
      correctOptionIdsOf(sql.ref('q.id')).as('correctOptionIds'),
    ])
    .where('a.playId', '=', playId)
    .orderBy('pq.position')
    .execute();

/** New grades for some answers of one play, in one statement (times and answers stay as they are). */
export async function setAnswerGrades(
  trx: Trx,
  playId: string,
  grades: { questionId: string; correct: boolean; score: number }[],
): Promise<void> {
  if (grades.length === 0) {
    return;
  }
  await sql`
    UPDATE play_answers a SET is_correct = g.is_correct, score = g.score, scored_at = now()
    FROM unnest(
      ${grades.map((g) => g.questionId)}::uuid[], ${grades.map((g) => g.correct)}::boolean[],
      ${grades.map((g) => g.score)}::float8[]
    ) AS g (question_id, is_correct, score)
    WHERE a.play_id = ${playId} AND a.question_id = g.question_id
  `.execute(trx);
}

/**
 * Takes the play's answers off the quiz performance figures (direction -1) or adds them back (1),
 * when the play was counted there already; a play not counted yet is counted, as it is then, later.
 */
export async function addCountedPlayStats(trx: Trx, playId: string, direction: 1 | -1): Promise<void> {
  await sql`
    SELECT add_question_stats(ARRAY[id], ${direction}::int) FROM plays
    WHERE id = ${playId} AND question_stats_at IS NOT NULL
  `.execute(trx);
}

/** The play's score and correct count summed again from its answers; returns the new totals. */
export async function resumPlayTotals(trx: Trx, playId: string) {
  const result = await sql<{ score: number; correctCount: number }>`
    UPDATE plays SET (score, correct_count) = (
      SELECT coalesce(sum(a.score), 0), count(*) FILTER (WHERE a.is_correct)
      FROM play_answers a WHERE a.play_id = plays.id
    )
    WHERE plays.id = ${playId}
    RETURNING plays.score, plays.correct_count AS "correctCount"
  `.execute(trx);
  return result.rows[0]!;
}
