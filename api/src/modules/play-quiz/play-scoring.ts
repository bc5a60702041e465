import { type Database, type Db, prepared } from '@riyazi/db';
import { sql, type Transaction } from 'kysely';
import { matchesAny } from '../../contracts/answers.js';
import { ANSWER_GRACE_MS, answerScore, isCorrectSelection } from '../../contracts/scoring.js';
import { createBatcher, perHandle } from '../../lib/batcher.js';
import { scoreLag } from '../../metrics/metrics.js';
import {
  insertOutboxEvent,
  insertOutboxEventsSelect,
  markOutboxEnqueuedSql,
  type OutboxEvent,
} from '../../queue/outbox.js';

export interface AnswerToScore {
  playId: string;
  questionId: string;
  /** The answer.recorded event the job came from, marked enqueued with the score. */
  eventId?: string | undefined;
}

/**
 * The scoring step of the event path (DESIGN.md) for the answers of the jobs that arrive together:
 * scores each recorded answer, adds it to its play's totals and finishes a play once every question
 * is scored. One read and one statement for the whole batch: the scores, the plays' totals, the
 * events' marks and any play.finished events commit together, and the `is_correct IS NULL` guard
 * makes a replayed job change nothing. Answers of one play in the batch add to its totals together;
 * concurrent scorers of one play queue on its row. Returns the play.finished events (finished
 * contests) to dispatch after commit.
 */
export async function scoreRecordedAnswers(
  db: Db,
  items: AnswerToScore[],
): Promise<OutboxEvent<'play.finished'>[]> {
  const answers = await sql<{
    n: number;
    outcome: 'ANSWERED' | 'NO_ANSWER';
    selectedOptionIds: string[];
    answerText: string | null;
    timeTakenMs: number;
    type: 'MCQS' | 'OPEN_ENDED';
    acceptedAnswers: string[];
    weight: number;
    secondsPerQuestion: number;
    correctOptionIds: string[];
    ageSeconds: number;
  }>`${prepared}
    SELECT i.n::int AS n, a.outcome,
      extract(epoch FROM clock_timestamp() - a.answered_at)::float8 AS "ageSeconds", a.selected_option_ids AS "selectedOptionIds",
      a.answer_text AS "answerText", a.time_taken_ms AS "timeTakenMs", q.type,
      q.accepted_answers AS "acceptedAnswers", q.score AS weight, qz.seconds_per_question AS "secondsPerQuestion",
      coalesce((SELECT array_agg(o.id) FROM question_options o WHERE o.question_id = q.id AND o.is_correct), '{}')
        AS "correctOptionIds"
    FROM unnest(${items.map((i) => i.playId)}::uuid[], ${items.map((i) => i.questionId)}::uuid[])
      WITH ORDINALITY AS i (play_id, question_id, n)
    CROSS JOIN LATERAL (
      SELECT * FROM play_answers WHERE play_id = i.play_id AND question_id = i.question_id AND is_correct IS NULL
    ) a
    JOIN questions q ON q.id = i.question_id
    JOIN plays p ON p.id = i.play_id
    JOIN quizzes qz ON qz.id = p.quiz_id
  `.execute(db.withoutPlugins());
  const readAt = performance.now();
  const scores = answers.rows.map((answer) => {
    const item = items[answer.n - 1]!;
    let correct = false;
    if (answer.outcome === 'ANSWERED') {
      correct =
        answer.type === 'MCQS'
          ? isCorrectSelection(answer.selectedOptionIds, answer.correctOptionIds)
          : answer.answerText !== null && matchesAny(answer.answerText, answer.acceptedAnswers);
    }
    const score = answerScore(correct, answer.timeTakenMs, answer.secondsPerQuestion * 1000, answer.weight);
    return { playId: item.playId, questionId: item.questionId, correct, score };
  });
  const eventIds = items.flatMap((item) => (item.eventId === undefined ? [] : [item.eventId]));
  const finished = await sql<Omit<OutboxEvent<'play.finished'>, 'type'>>`${prepared}
    WITH input AS (
      SELECT * FROM unnest(
        ${scores.map((s) => s.playId)}::uuid[], ${scores.map((s) => s.questionId)}::uuid[],
        ${scores.map((s) => s.correct)}::boolean[], ${scores.map((s) => s.score)}::float8[]
      ) AS t (play_id, question_id, is_correct, score)
    ), scored AS (
      UPDATE play_answers a SET is_correct = input.is_correct, score = input.score, scored_at = now()
      FROM input
      WHERE a.play_id = input.play_id AND a.question_id = input.question_id AND a.is_correct IS NULL
      RETURNING a.play_id, a.score, a.is_correct, a.time_taken_ms
    ), totals AS (
      SELECT play_id, sum(score) AS score, sum(is_correct::int) AS correct, sum(time_taken_ms) AS time_ms,
        count(*) AS n
      FROM scored GROUP BY play_id
    ), play AS (
      UPDATE plays SET
        score = plays.score + totals.score,
        correct_count = plays.correct_count + totals.correct,
        total_time_ms = plays.total_time_ms + totals.time_ms,
        scored_count = plays.scored_count + totals.n,
        status = CASE WHEN plays.status = 'IN_PROGRESS' AND plays.scored_count + totals.n >= plays.question_count
          THEN 'FINISHED' ELSE plays.status END,
        finished_at = CASE WHEN plays.status = 'IN_PROGRESS' AND plays.scored_count + totals.n >= plays.question_count
          THEN (SELECT max(a.answered_at) FROM play_answers a WHERE a.play_id = plays.id)
          ELSE plays.finished_at END,
        clock_deadline_at = CASE WHEN plays.scored_count + totals.n >= plays.question_count
          THEN NULL ELSE plays.clock_deadline_at END
      FROM totals
      WHERE plays.id = totals.play_id
      RETURNING plays.id, plays.kind, plays.phase_id, plays.grade_id,
        plays.status = 'FINISHED' AND plays.scored_count = plays.question_count AS finished_now
    ), marked AS (
      ${markOutboxEnqueuedSql(eventIds)}
    )
    ${insertOutboxEventsSelect('play.finished', {
      playId: sql`play.id`,
      phaseId: sql`play.phase_id`,
      gradeId: sql`play.grade_id`,
      kind: sql`play.kind`,
    })}
    FROM play
    WHERE play.finished_now AND play.kind = 'CONTEST'
    RETURNING id, payload
  `.execute(db);
  observeScoreLag(answers.rows, (performance.now() - readAt) / 1000);
  return finished.rows.map((row) => ({ ...row, type: 'play.finished' }));
}

/**
 * Acknowledged → scored, on PostgreSQL's clock (the answer's age when read) plus this process's
 * time since. Only answers a student gave: a sweep's "no answer" is dated at its past deadline.
 */
function observeScoreLag(rows: { outcome: string; ageSeconds: number }[], sinceRead: number): void {
  for (const row of rows) {
    if (row.outcome === 'ANSWERED') {
      scoreLag.observe(Math.max(0, row.ageSeconds + sinceRead));
    }
  }
}

const scoreOf = perHandle((db: Db) =>
  createBatcher<AnswerToScore, OutboxEvent<'play.finished'>[]>({
    // One batch at a time: a score may wait a little, and the answers that wait go together.
    maxBatch: 500,
    maxInFlight: 1,
    run: async (items) => {
      const events = await scoreRecordedAnswers(db, items);
      // Each play.finished event goes back with the first answer of its play.
      const results = items.map((): OutboxEvent<'play.finished'>[] => []);
      for (const event of events) {
        const index = items.findIndex((item) => item.playId === event.payload.playId);
        results[Math.max(0, index)]?.push(event);
      }
      return results;
    },
  }),
);

/** One answer (a job the outbox relay enqueued on its own, the tests). */
export const scoreRecordedAnswer = (db: Db, playId: string, questionId: string, eventId?: string) =>
  scoreRecordedAnswers(db, [{ playId, questionId, eventId }]);

/**
 * What the scoring worker calls per job: the answers of the jobs it is running together are scored
 * in one batch (scoreRecordedAnswers). Returns the play.finished events to dispatch for this answer.
 */
export const scoreAnswer = (db: Db, item: AnswerToScore): Promise<OutboxEvent[]> => scoreOf(db)(item);

/**
 * The deadline sweep: a contest question whose time ran out without an answer gets "no answer"
 * (answered at its deadline), and the clock of the next question starts at that moment if the
 * student never asked for it. A student who closes the tab therefore still ends with a complete,
 * scored play, and one who reloads never gains time. Returns the outbox events written.
 *
 * `plays.clock_deadline_at` says when to look at a play again: set at the start to the first
 * question's deadline and moved here. It is a lower bound (an answer does not move it, to keep the
 * answer path at one write), so a play whose clock passed is checked against its real state: a
 * question answered or served later only moves the clock on.
 */
export async function expireOverdueQuestions(
  db: Db,
  options: { limit?: number } = {},
): Promise<OutboxEvent<'answer.recorded'>[]> {
  const due = await db
    .selectFrom('plays')
    .select('id')
    .where('status', '=', 'IN_PROGRESS')
    .where('kind', '=', 'CONTEST')
    .where('clockDeadlineAt', '<', sql<Date>`now() - make_interval(secs => ${ANSWER_GRACE_MS / 1000})`)
    .orderBy('clockDeadlineAt')
    .limit(options.limit ?? 500)
    .execute();
  const events: OutboxEvent<'answer.recorded'>[] = [];
  for (const { id } of due) {
    const event = await db.transaction().execute((trx) => closeOverdueQuestion(trx, id));
    if (event) {
      events.push(event);
    }
  }
  return events;
}

async function closeOverdueQuestion(
  trx: Transaction<Database>,
  playId: string,
): Promise<OutboxEvent<'answer.recorded'> | null> {
  const play = await trx
    .selectFrom('plays')
    .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
    .select(['plays.status', 'plays.startedAt', 'quizzes.secondsPerQuestion'])
    .where('plays.id', '=', playId)
    .forUpdate('plays')
    .executeTakeFirst();
  if (play?.status !== 'IN_PROGRESS') {
    return null;
  }
  const questions = await trx
    .selectFrom('playQuestions')
    .leftJoin('playAnswers', (join) =>
      join
        .onRef('playAnswers.playId', '=', 'playQuestions.playId')
        .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
    )
    .select([
      'playQuestions.questionId',
      'playQuestions.servedAt',
      'playQuestions.deadlineAt',
      'playAnswers.answeredAt',
    ])
    .where('playQuestions.playId', '=', playId)
    .orderBy('playQuestions.position')
    .execute();
  const index = questions.findIndex((q) => q.answeredAt === null);
  const setClock = (at: Date | null) =>
    trx.updateTable('plays').set({ clockDeadlineAt: at }).where('id', '=', playId).execute();
  const current = questions[index];
  if (!current) {
    // Every question has its answer: the scoring worker finishes the play.
    await setClock(null);
    return null;
  }
  const limitMs = play.secondsPerQuestion * 1000;
  const lastAnswer = questions.reduce(
    (latest, q) => Math.max(latest, q.answeredAt?.getTime() ?? 0),
    play.startedAt.getTime(),
  );
  // Never fetched: its clock ran from the previous answer (or the start).
  const deadline = current.deadlineAt ?? new Date(lastAnswer + limitMs);
  if (deadline.getTime() + ANSWER_GRACE_MS > Date.now()) {
    await setClock(deadline);
    return null;
  }
  if (current.servedAt === null) {
    await trx
      .updateTable('playQuestions')
      .set({ servedAt: new Date(deadline.getTime() - limitMs), deadlineAt: deadline })
      .where('playId', '=', playId)
      .where('questionId', '=', current.questionId)
      .where('servedAt', 'is', null)
      .execute();
  }
  const inserted = await trx
    .insertInto('playAnswers')
    .values({
      playId,
      questionId: current.questionId,
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
  const last = index === questions.length - 1;
  await setClock(last ? null : new Date(deadline.getTime() + limitMs));
  return inserted
    ? insertOutboxEvent(trx, 'answer.recorded', { playId, questionId: current.questionId })
    : null;
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
  const events = rows.length === 0 ? [] : await scoreRecordedAnswers(db, rows);
  return { scored: rows.length, events };
}
