import { prepared } from '@riyazi/db';
import { sql } from 'kysely';
import type { Executor, Trx } from '../reference-data/reference-data.shared.js';

export const lockStudent = (trx: Trx, id: string) =>
  trx
    .selectFrom('students')
    .select(['id', 'gradeId', 'contestAttempts', 'isActive'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const attemptsOf = (db: Executor, studentId: string) =>
  db.selectFrom('students').select('contestAttempts').where('id', '=', studentId).executeTakeFirst();

export const findQuizForPlay = (db: Executor, id: string) =>
  db
    .selectFrom('quizzes')
    .select([
      'id',
      'title',
      'kind',
      'phaseId',
      'questionCount',
      'secondsPerQuestion',
      'attemptsAllowed',
      'opensAt',
      'closesAt',
      'isActive',
      'poolMode',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
export type PlayQuiz = NonNullable<Awaited<ReturnType<typeof findQuizForPlay>>>;

export const quizServesGrade = async (db: Executor, quizId: string, gradeId: string) =>
  (await db
    .selectFrom('quizGrades')
    .select('quizId')
    .where('quizId', '=', quizId)
    .where('gradeId', '=', gradeId)
    .executeTakeFirst()) !== undefined;

/** The student's open play of this kind (a contest: of any quiz; practice: of this quiz). */
export const findOpenPlay = (
  db: Executor,
  studentId: string,
  kind: 'CONTEST' | 'PRACTICE',
  quizId: string,
) => {
  let query = db
    .selectFrom('plays')
    .select(['id', 'quizId'])
    .where('studentId', '=', studentId)
    .where('kind', '=', kind)
    .where('status', '=', 'IN_PROGRESS');
  if (kind === 'PRACTICE') {
    query = query.where('quizId', '=', quizId);
  }
  return query.executeTakeFirst();
};

/**
 * Everything a start decides on, in one round trip: the student's account, the flags, their open
 * play (a contest: of any quiz; practice: of this quiz) and how many plays of this quiz they made.
 */
export const startContext = (db: Executor, studentId: string, quizId: string, kind: 'CONTEST' | 'PRACTICE') =>
  db
    .selectFrom('students')
    .select([
      'students.isActive',
      'students.gradeId',
      'students.contestAttempts',
      'students.fullName',
      'students.fatherName',
      'students.phone',
      'students.gender',
      'students.city',
      'students.schoolName',
      'students.referralSource',
      'students.verificationStatus',
    ])
    .select((eb) => [
      eb.selectFrom('systemFlags').select('systemFlags.flags').where('systemFlags.id', '=', 1).as('flags'),
      eb
        .selectFrom('plays')
        .select('plays.id')
        .whereRef('plays.studentId', '=', 'students.id')
        .where('plays.kind', '=', kind)
        .where('plays.status', '=', 'IN_PROGRESS')
        .$if(kind === 'PRACTICE', (qb) => qb.where('plays.quizId', '=', quizId))
        .limit(1)
        .as('openPlayId'),
      eb
        .selectFrom('plays')
        .select((count) => count.fn.countAll<string>().as('n'))
        .whereRef('plays.studentId', '=', 'students.id')
        .where('plays.quizId', '=', quizId)
        .where('plays.status', '!=', 'CANCELLED')
        .as('quizPlays'),
    ])
    .where('students.id', '=', studentId)
    .modifyFront(prepared)
    .executeTakeFirst();
export type StartContext = NonNullable<Awaited<ReturnType<typeof startContext>>>;

export interface NewPlay {
  studentId: string;
  quizId: string;
  phaseId: string;
  gradeId: string;
  kind: 'CONTEST' | 'PRACTICE';
  /** The drawn questions in play order, each with its option order. */
  questions: { questionId: string; optionOrder: string[] }[];
  secondsPerQuestion: number;
  /** A contest spends one attempt; the start fails (null) when none is left. */
  spendAttempt: boolean;
  attemptsBefore: number;
}

/**
 * Creates a play in one statement (one commit, no lock held across round trips): spends the
 * attempt (only while one is left), inserts the play, its questions, the audit entry and the
 * play.started event. Null when the attempt could not be spent. A second open play of the
 * student fails on the plays_one_open_* unique indexes (unique_violation), spending nothing.
 */
export async function insertPlay(db: Executor, play: NewPlay) {
  const result = await sql<{ id: string; startedAt: Date; attempts: number }>`${prepared}
    WITH spend AS (
      UPDATE students SET contest_attempts = contest_attempts - 1
      WHERE id = ${play.studentId} AND ${play.spendAttempt} AND contest_attempts >= 1
      RETURNING contest_attempts
    ), allowed AS (
      SELECT coalesce((SELECT contest_attempts FROM spend), ${play.attemptsBefore}) AS attempts
      WHERE NOT ${play.spendAttempt} OR EXISTS (SELECT 1 FROM spend)
    ), play AS (
      INSERT INTO plays (student_id, quiz_id, phase_id, grade_id, kind, question_count, clock_deadline_at)
      SELECT ${play.studentId}, ${play.quizId}, ${play.phaseId}, ${play.gradeId}, ${play.kind},
        ${play.questions.length},
        CASE WHEN ${play.kind} = 'CONTEST' THEN now() + make_interval(secs => ${play.secondsPerQuestion}) END
      FROM allowed
      RETURNING id, started_at
    ), questions AS (
      INSERT INTO play_questions (play_id, position, question_id, option_order)
      SELECT play.id, drawn.n - 1, drawn.question_id, string_to_array(drawn.options, ',')::uuid[]
      FROM play, unnest(
        ${play.questions.map((q) => q.questionId)}::uuid[],
        ${play.questions.map((q) => q.optionOrder.join(','))}::text[]
      ) WITH ORDINALITY AS drawn (question_id, options, n)
    ), audit AS (
      INSERT INTO audit_log (actor_type, actor_id, action, target_type, target_id, details)
      SELECT 'student', ${play.studentId}, ${play.kind === 'CONTEST' ? 'play.startContest' : 'play.startPractice'},
        'play', play.id::text, jsonb_build_object('quizId', ${play.quizId}::text, 'attemptsLeft', allowed.attempts)
      FROM play, allowed
    ), event AS (
      INSERT INTO outbox_events (type, payload, enqueued_at)
      SELECT 'play.started', jsonb_build_object('playId', play.id, 'studentId', ${play.studentId}::text,
        'quizId', ${play.quizId}::text, 'kind', ${play.kind}::text, 'questionCount', ${play.questions.length}::int),
        now()
      FROM play
    )
    SELECT play.id, play.started_at AS "startedAt", allowed.attempts FROM play, allowed
  `.execute(db);
  return result.rows[0] ?? null;
}

/** True for the error of a second open play (the plays_one_open_* unique indexes). */
export const isSecondOpenPlay = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  (err as { code?: unknown }).code === '23505' &&
  String((err as { constraint?: unknown }).constraint ?? '').startsWith('plays_one_open_');

/** Option ids of the drawn questions, for the per-play option order. */
export const optionIdsOf = async (db: Executor, questionIds: string[]) => {
  const rows =
    questionIds.length === 0
      ? []
      : await db
          .selectFrom('questionOptions')
          .select(['id', 'questionId'])
          .where('questionId', 'in', questionIds)
          .orderBy('position')
          .execute();
  const byQuestion = new Map<string, string[]>();
  for (const row of rows) {
    byQuestion.set(row.questionId, [...(byQuestion.get(row.questionId) ?? []), row.id]);
  }
  return byQuestion;
};

export const findPlay = (db: Executor, id: string) =>
  db
    .selectFrom('plays')
    .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
    .select([
      'plays.id',
      'plays.studentId',
      'plays.quizId',
      'plays.phaseId',
      'plays.gradeId',
      'plays.kind',
      'plays.status',
      'plays.questionCount',
      'plays.score',
      'plays.correctCount',
      'plays.totalTimeMs',
      'plays.startedAt',
      'plays.finishedAt',
      'quizzes.title as quizTitle',
      'quizzes.secondsPerQuestion',
    ])
    .where('plays.id', '=', id)
    .executeTakeFirst();
export type PlayRow = NonNullable<Awaited<ReturnType<typeof findPlay>>>;

export const lockPlay = (trx: Trx, id: string) =>
  trx
    .selectFrom('plays')
    .select(['id', 'studentId', 'kind', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

export const playQuestionsOf = (db: Executor, playId: string) =>
  db
    .selectFrom('playQuestions')
    .leftJoin('playAnswers', (join) =>
      join
        .onRef('playAnswers.playId', '=', 'playQuestions.playId')
        .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
    )
    .innerJoin('questions', 'questions.id', 'playQuestions.questionId')
    .select([
      'playQuestions.position',
      'playQuestions.questionId',
      'questions.type as questionType',
      'questions.selectMultiple',
      'playQuestions.optionOrder',
      'playQuestions.servedAt',
      'playQuestions.deadlineAt',
      'playAnswers.outcome',
      'playAnswers.selectedOptionIds',
      'playAnswers.answerText',
      'playAnswers.timeTakenMs',
      'playAnswers.isCorrect',
      'playAnswers.score',
      'playAnswers.answeredAt',
    ])
    .where('playQuestions.playId', '=', playId)
    .orderBy('playQuestions.position')
    .execute();
export type PlayQuestionRow = Awaited<ReturnType<typeof playQuestionsOf>>[number];

export interface ServeRow {
  studentId: string;
  kind: 'CONTEST' | 'PRACTICE';
  status: string;
  secondsPerQuestion: number;
  position: number;
  questionId: string;
  optionOrder: string[];
  servedAt: Date | null;
  deadlineAt: Date | null;
  outcome: 'ANSWERED' | 'NO_ANSWER' | null;
  /** Set on every row when this call served the question first (and started its clock). */
  firstServedAt: Date | null;
  firstDeadlineAt: Date | null;
}

/**
 * The serve of contest day in one statement: reads the play's questions with their answers and,
 * when the asked question is the student's current one and not yet served, starts its clock
 * (served_at, deadline) and records the question.served event. A contest question first asked for
 * long after the previous answer already ran out there: its clock starts at that answer, so waiting
 * never helps. The caller explains a refusal from the rows (no rows: no such play).
 */
export async function serveAndMark(
  db: Executor,
  v: { playId: string; questionId: string; studentId: string; now: Date; graceMs: number },
) {
  const result = await sql<ServeRow>`${prepared}
    WITH state AS (
      SELECT p.student_id, p.kind, p.status, p.started_at, qz.seconds_per_question,
        pq.position, pq.question_id, pq.option_order, pq.served_at, pq.deadline_at,
        a.outcome, a.answered_at
      FROM play_questions pq
      JOIN plays p ON p.id = pq.play_id
      JOIN quizzes qz ON qz.id = p.quiz_id
      LEFT JOIN play_answers a ON a.play_id = pq.play_id AND a.question_id = pq.question_id
      WHERE pq.play_id = ${v.playId}
    ), clock AS (
      SELECT s.seconds_per_question,
        CASE WHEN s.kind = 'CONTEST' AND ${v.now}::timestamptz - previous.at
            > make_interval(secs => s.seconds_per_question + ${v.graceMs / 1000})
          THEN previous.at ELSE ${v.now}::timestamptz END AS served_at
      FROM state s, (SELECT greatest(max(started_at), max(answered_at)) AS at FROM state) previous
      WHERE s.question_id = ${v.questionId} AND s.student_id = ${v.studentId}
        AND s.status = 'IN_PROGRESS' AND s.served_at IS NULL
        AND s.position = (SELECT min(position) FROM state WHERE outcome IS NULL)
    ), served AS (
      UPDATE play_questions pq
      SET served_at = clock.served_at,
        deadline_at = clock.served_at + make_interval(secs => clock.seconds_per_question)
      FROM clock
      WHERE pq.play_id = ${v.playId} AND pq.question_id = ${v.questionId} AND pq.served_at IS NULL
      RETURNING pq.served_at, pq.deadline_at
    ), event AS (
      INSERT INTO outbox_events (type, payload, enqueued_at)
      SELECT 'question.served',
        jsonb_build_object('playId', ${v.playId}::text, 'questionId', ${v.questionId}::text, 'deadline', deadline_at),
        now()
      FROM served
    )
    SELECT state.student_id AS "studentId", state.kind, state.status,
      state.seconds_per_question AS "secondsPerQuestion", state.position, state.question_id AS "questionId",
      state.option_order AS "optionOrder", state.served_at AS "servedAt", state.deadline_at AS "deadlineAt",
      state.outcome, served.served_at AS "firstServedAt", served.deadline_at AS "firstDeadlineAt"
    FROM state LEFT JOIN served ON true
    ORDER BY state.position
  `.execute(db);
  return result.rows;
}

/**
 * What a play fixed at its start and never changes: its owner, kind, time limit and its questions
 * in order with their option order. The answer path keeps it in memory (one read per play).
 */
export async function playStructure(db: Executor, playId: string) {
  const rows = await db
    .selectFrom('playQuestions')
    .innerJoin('plays', 'plays.id', 'playQuestions.playId')
    .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
    .innerJoin('questions', 'questions.id', 'playQuestions.questionId')
    .select([
      'plays.studentId',
      'plays.kind',
      'quizzes.secondsPerQuestion',
      'playQuestions.questionId',
      'questions.type as questionType',
      'questions.selectMultiple',
      'playQuestions.optionOrder',
    ])
    .where('playQuestions.playId', '=', playId)
    .orderBy('playQuestions.position')
    .modifyFront(prepared)
    .execute();
  const first = rows[0];
  return first
    ? {
        studentId: first.studentId,
        kind: first.kind,
        secondsPerQuestion: first.secondsPerQuestion,
        questions: rows.map(({ questionId, questionType, selectMultiple, optionOrder }) => ({
          questionId,
          questionType,
          selectMultiple,
          optionOrder,
        })),
      }
    : null;
}
export type PlayStructure = NonNullable<Awaited<ReturnType<typeof playStructure>>>;

export interface AnswerInput {
  playId: string;
  questionId: string;
  studentId: string;
  now: Date;
  isContest: boolean;
  limitMs: number;
  graceMs: number;
  selectedOptionIds: string[];
  answerText: string | null;
  /** Nothing chosen or typed: recorded as no answer. */
  empty: boolean;
  /** The client's time taken, already bounded (practice may pause, so practice uses it). */
  clientMs: number | null;
  clientAuditMs: number | null;
}

/**
 * The answer path in one statement (one commit): when the question is served and the play open,
 * records the answer with the server's time taken (a contest answer after deadline + grace is no
 * answer) and its answer.recorded event. The primary key makes a second submit insert nothing; the
 * row then reports the first answer. Also returns what the caller needs to explain a refusal.
 */
export async function recordAnswer(db: Executor, v: AnswerInput) {
  const result = await sql<{
    status: string | null;
    served: boolean | null;
    answeredBefore: number;
    existingOutcome: 'ANSWERED' | 'NO_ANSWER' | null;
    existingTimeMs: number | null;
    outcome: 'ANSWERED' | 'NO_ANSWER' | null;
    timeTakenMs: number | null;
    eventId: string | null;
  }>`${prepared}
    WITH play AS (
      SELECT status FROM plays WHERE id = ${v.playId} AND student_id = ${v.studentId}
    ), target AS (
      SELECT served_at, deadline_at FROM play_questions
      WHERE play_id = ${v.playId} AND question_id = ${v.questionId}
    ), timing AS (
      SELECT
        ${v.isContest}::boolean AND ${v.now}::timestamptz > deadline_at + make_interval(secs => ${v.graceMs / 1000}::float8) AS late,
        least(greatest(round(extract(epoch FROM ${v.now}::timestamptz - served_at) * 1000), 0), ${v.limitMs}::int)::int AS server_ms
      FROM target WHERE served_at IS NOT NULL
    ), answer AS (
      INSERT INTO play_answers
        (play_id, question_id, outcome, selected_option_ids, answer_text, answered_at, time_taken_ms, client_time_taken_ms)
      SELECT ${v.playId}, ${v.questionId}, o.outcome,
        CASE WHEN o.outcome = 'ANSWERED' THEN ${v.selectedOptionIds}::uuid[] ELSE '{}'::uuid[] END,
        CASE WHEN o.outcome = 'ANSWERED' THEN ${v.answerText}::text END,
        ${v.now}::timestamptz,
        CASE WHEN NOT ${v.isContest}::boolean AND ${v.clientMs}::int IS NOT NULL
          THEN least(greatest(${v.clientMs}::int, 0), ${v.limitMs}::int) ELSE timing.server_ms END,
        ${v.clientAuditMs}::int
      FROM play, timing,
        LATERAL (SELECT CASE WHEN timing.late OR ${v.empty}::boolean THEN 'NO_ANSWER' ELSE 'ANSWERED' END AS outcome) o
      WHERE play.status = 'IN_PROGRESS'
      ON CONFLICT (play_id, question_id) DO NOTHING
      RETURNING outcome, time_taken_ms
    ), event AS (
      INSERT INTO outbox_events (type, payload)
      SELECT 'answer.recorded',
        jsonb_build_object('playId', ${v.playId}::text, 'questionId', ${v.questionId}::text)
      FROM answer
      RETURNING id
    )
    SELECT
      (SELECT status FROM play) AS status,
      (SELECT served_at IS NOT NULL FROM target) AS served,
      (SELECT count(*) FROM play_answers WHERE play_id = ${v.playId})::int AS "answeredBefore",
      existing.outcome AS "existingOutcome",
      existing.time_taken_ms AS "existingTimeMs",
      (SELECT outcome FROM answer) AS outcome,
      (SELECT time_taken_ms FROM answer) AS "timeTakenMs",
      (SELECT id FROM event) AS "eventId"
    FROM (SELECT 1) one
    LEFT JOIN play_answers existing ON existing.play_id = ${v.playId} AND existing.question_id = ${v.questionId}
  `.execute(db);
  return result.rows[0]!;
}

export const servedTimer = (db: Executor, playId: string, questionId: string) =>
  db
    .selectFrom('playQuestions')
    .select(['servedAt', 'deadlineAt'])
    .where('playId', '=', playId)
    .where('questionId', '=', questionId)
    .executeTakeFirstOrThrow()
    .then((row) => ({ servedAt: row.servedAt!, deadlineAt: row.deadlineAt! }));

export const answerOf = (db: Executor, playId: string, questionId: string) =>
  db
    .selectFrom('playAnswers')
    .select(['outcome', 'timeTakenMs'])
    .where('playId', '=', playId)
    .where('questionId', '=', questionId)
    .executeTakeFirst();
