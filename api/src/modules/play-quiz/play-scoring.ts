import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import { matchesAny } from '../../contracts/answers.js';
import { ANSWER_GRACE_MS, answerScore, isCorrectSelection } from '../../contracts/scoring.js';
import { insertOutboxEvent, type OutboxEvent } from '../../queue/outbox.js';

/**
 * The scoring step of the event path (DESIGN.md): scores one recorded answer, recomputes its
 * play's totals from all its answers, and finishes the play once every question has a scored
 * answer. Idempotent: a replayed job finds the answer scored and the totals already equal.
 * Returns the outbox events to dispatch after commit (play.finished for a finished contest).
 */
export async function scoreRecordedAnswer(
  db: Db,
  playId: string,
  questionId: string,
  eventId?: string,
): Promise<OutboxEvent[]> {
  return db.transaction().execute(async (trx) => {
    // One scorer per play at a time, so totals and completion are computed once.
    const play = await trx
      .selectFrom('plays')
      .select(['id', 'status', 'kind', 'questionCount', 'phaseId', 'gradeId'])
      .where('id', '=', playId)
      .forUpdate()
      .executeTakeFirst();
    if (!play) {
      return [];
    }
    if (eventId !== undefined) {
      // The api left marking the event to this job (one write fewer on the answer path).
      await trx
        .updateTable('outboxEvents')
        .set({ enqueuedAt: new Date() })
        .where('id', '=', eventId)
        .where('enqueuedAt', 'is', null)
        .execute();
    }
    const answer = await trx
      .selectFrom('playAnswers')
      .innerJoin('questions', 'questions.id', 'playAnswers.questionId')
      .innerJoin('plays', 'plays.id', 'playAnswers.playId')
      .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
      .select([
        'playAnswers.outcome',
        'playAnswers.selectedOptionIds',
        'playAnswers.answerText',
        'playAnswers.timeTakenMs',
        'playAnswers.isCorrect',
        'questions.type',
        'questions.acceptedAnswers',
        'questions.score as weight',
        'quizzes.secondsPerQuestion',
      ])
      .select(
        sql<
          string[]
        >`coalesce((SELECT array_agg(o.id) FROM question_options o WHERE o.question_id = questions.id AND o.is_correct), '{}')`.as(
          'correctOptionIds',
        ),
      )
      .where('playAnswers.playId', '=', playId)
      .where('playAnswers.questionId', '=', questionId)
      .executeTakeFirst();
    if (answer && answer.isCorrect === null) {
      let correct = false;
      if (answer.outcome === 'ANSWERED') {
        correct =
          answer.type === 'MCQS'
            ? isCorrectSelection(answer.selectedOptionIds, answer.correctOptionIds)
            : answer.answerText !== null && matchesAny(answer.answerText, answer.acceptedAnswers);
      }
      const score = answerScore(correct, answer.timeTakenMs, answer.secondsPerQuestion * 1000, answer.weight);
      await trx
        .updateTable('playAnswers')
        .set({ isCorrect: correct, score, scoredAt: new Date() })
        .where('playId', '=', playId)
        .where('questionId', '=', questionId)
        .where('isCorrect', 'is', null)
        .execute();
    }
    // Totals recomputed from every answer (idempotent), and the play finished once all are scored.
    const updated = await sql<{ status: string }>`
      UPDATE plays SET
        score = totals.score,
        correct_count = totals.correct,
        total_time_ms = totals.time,
        status = CASE WHEN plays.status = 'IN_PROGRESS' AND totals.answers = plays.question_count
          AND totals.unscored = 0 THEN 'FINISHED' ELSE plays.status END,
        finished_at = CASE WHEN plays.status = 'IN_PROGRESS' AND totals.answers = plays.question_count
          AND totals.unscored = 0 THEN coalesce(totals.last_answered_at, now()) ELSE plays.finished_at END
      FROM (
        SELECT count(*) AS answers,
          count(*) FILTER (WHERE is_correct) AS correct,
          count(*) FILTER (WHERE is_correct IS NULL) AS unscored,
          coalesce(sum(score), 0) AS score,
          coalesce(sum(time_taken_ms), 0) AS time,
          max(answered_at) AS last_answered_at
        FROM play_answers WHERE play_id = ${playId}
      ) totals
      WHERE plays.id = ${playId}
      RETURNING plays.status
    `.execute(trx);
    const finishedNow = play.status === 'IN_PROGRESS' && updated.rows[0]?.status === 'FINISHED';
    if (finishedNow && play.kind === 'CONTEST') {
      return [
        await insertOutboxEvent(trx, 'play.finished', {
          playId,
          phaseId: play.phaseId,
          gradeId: play.gradeId,
          kind: play.kind,
        }),
      ];
    }
    return [];
  });
}

/**
 * The deadline sweep: a contest question whose time ran out without an answer gets "no answer"
 * (answered at its deadline), and the clock of the next question starts at that moment if the
 * student never asked for it. A student who closes the tab therefore still ends with a complete,
 * scored play, and one who reloads never gains time. Returns the outbox events written.
 */
export async function expireOverdueQuestions(
  db: Db,
  options: { limit?: number } = {},
): Promise<OutboxEvent[]> {
  const limit = options.limit ?? 500;
  const due = await sql<{
    playId: string;
    questionId: string;
    servedAt: Date | null;
    deadlineAt: Date | null;
    effectiveDeadline: Date;
  }>`
    WITH current AS (
      SELECT DISTINCT ON (pq.play_id)
        pq.play_id, pq.question_id, pq.served_at, pq.deadline_at, p.started_at,
        q.seconds_per_question
      FROM play_questions pq
      JOIN plays p ON p.id = pq.play_id
      JOIN quizzes q ON q.id = p.quiz_id
      WHERE p.status = 'IN_PROGRESS' AND p.kind = 'CONTEST'
        AND NOT EXISTS (
          SELECT 1 FROM play_answers a WHERE a.play_id = pq.play_id AND a.question_id = pq.question_id
        )
      ORDER BY pq.play_id, pq.position
    ), timed AS (
      SELECT c.play_id, c.question_id, c.served_at, c.deadline_at,
        coalesce(
          c.deadline_at,
          coalesce((SELECT max(a.answered_at) FROM play_answers a WHERE a.play_id = c.play_id), c.started_at)
            + make_interval(secs => c.seconds_per_question)
        ) AS effective_deadline
      FROM current c
    )
    SELECT play_id AS "playId", question_id AS "questionId", served_at AS "servedAt",
      deadline_at AS "deadlineAt", effective_deadline AS "effectiveDeadline"
    FROM timed
    WHERE effective_deadline < now() - make_interval(secs => ${ANSWER_GRACE_MS / 1000})
    ORDER BY effective_deadline
    LIMIT ${limit}
  `.execute(db);
  const events: OutboxEvent[] = [];
  for (const row of due.rows) {
    const event = await db.transaction().execute(async (trx) => {
      const play = await trx
        .selectFrom('plays')
        .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
        .select(['plays.status', 'quizzes.secondsPerQuestion'])
        .where('plays.id', '=', row.playId)
        .forUpdate('plays')
        .executeTakeFirst();
      if (play?.status !== 'IN_PROGRESS') {
        return null;
      }
      const limitMs = play.secondsPerQuestion * 1000;
      const deadline = row.effectiveDeadline;
      if (row.servedAt === null) {
        // Never fetched: its clock ran from the previous answer (or the start).
        await trx
          .updateTable('playQuestions')
          .set({ servedAt: new Date(deadline.getTime() - limitMs), deadlineAt: deadline })
          .where('playId', '=', row.playId)
          .where('questionId', '=', row.questionId)
          .where('servedAt', 'is', null)
          .execute();
      }
      const inserted = await trx
        .insertInto('playAnswers')
        .values({
          playId: row.playId,
          questionId: row.questionId,
          outcome: 'NO_ANSWER',
          selectedOptionIds: [],
          answerText: null,
          answeredAt: deadline,
          timeTakenMs: limitMs,
          clientTimeTakenMs: null,
        })
        .onConflict((oc) => oc.columns(['playId', 'questionId']).doNothing())
        .returning('playId')
        .executeTakeFirst();
      return inserted
        ? insertOutboxEvent(trx, 'answer.recorded', { playId: row.playId, questionId: row.questionId })
        : null;
    });
    if (event) {
      events.push(event);
    }
  }
  return events;
}

/**
 * The safety net of the scoring queue: answers still unscored well after they were recorded (a
 * job lost with Redis, a worker killed mid-job) are scored here from PostgreSQL. Returns the
 * outbox events to dispatch (plays that finished).
 */
export async function scoreStragglers(db: Db, options: { olderThanMs?: number; limit?: number } = {}) {
  const olderThanMs = options.olderThanMs ?? 15_000;
  const rows = await db
    .selectFrom('playAnswers')
    .select(['playId', 'questionId'])
    .where('isCorrect', 'is', null)
    .where('answeredAt', '<', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
    .orderBy('answeredAt')
    .limit(options.limit ?? 500)
    .execute();
  const events: OutboxEvent[] = [];
  for (const row of rows) {
    events.push(...(await scoreRecordedAnswer(db, row.playId, row.questionId)));
  }
  return { scored: rows.length, events };
}
