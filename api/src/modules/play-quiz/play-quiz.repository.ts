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

export const countQuizPlays = async (db: Executor, studentId: string, quizId: string) =>
  Number(
    (
      await db
        .selectFrom('plays')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('studentId', '=', studentId)
        .where('quizId', '=', quizId)
        .where('status', '!=', 'CANCELLED')
        .executeTakeFirstOrThrow()
    ).n,
  );

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
  const result = await sql<{ id: string; startedAt: Date; attempts: number }>`
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

/**
 * A play and its questions (with any answers) in one round trip: the hot read of contest day,
 * used by serve and submit. Null when the play does not exist.
 */
export async function loadPlayState(db: Executor, playId: string) {
  const rows = await db
    .selectFrom('playQuestions')
    .innerJoin('plays', 'plays.id', 'playQuestions.playId')
    .innerJoin('quizzes', 'quizzes.id', 'plays.quizId')
    .innerJoin('questions', 'questions.id', 'playQuestions.questionId')
    .leftJoin('playAnswers', (join) =>
      join
        .onRef('playAnswers.playId', '=', 'playQuestions.playId')
        .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
    )
    .select([
      'plays.studentId',
      'plays.kind',
      'plays.status',
      'plays.startedAt',
      'quizzes.secondsPerQuestion',
      'playQuestions.position',
      'playQuestions.questionId',
      'questions.type as questionType',
      'questions.selectMultiple',
      'playQuestions.optionOrder',
      'playQuestions.servedAt',
      'playQuestions.deadlineAt',
      'playAnswers.outcome',
      'playAnswers.timeTakenMs',
      'playAnswers.answeredAt',
    ])
    .where('playQuestions.playId', '=', playId)
    .orderBy('playQuestions.position')
    .execute();
  const first = rows[0];
  if (!first) {
    return null;
  }
  return {
    play: {
      studentId: first.studentId,
      kind: first.kind,
      status: first.status,
      startedAt: first.startedAt,
      secondsPerQuestion: first.secondsPerQuestion,
    },
    questions: rows,
  };
}
export type PlayState = NonNullable<Awaited<ReturnType<typeof loadPlayState>>>;

/**
 * First serve in one statement: sets served_at and the deadline unless already set, and records
 * the question.served event with it. Returns null when the question was already served.
 */
export async function markServedOnce(
  db: Executor,
  playId: string,
  questionId: string,
  at: Date,
  limitMs: number,
) {
  const result = await sql<{ servedAt: Date; deadlineAt: Date }>`
    WITH served AS (
      UPDATE play_questions
      SET served_at = ${at}, deadline_at = ${new Date(at.getTime() + limitMs)}
      WHERE play_id = ${playId} AND question_id = ${questionId} AND served_at IS NULL
      RETURNING served_at, deadline_at
    ), event AS (
      INSERT INTO outbox_events (type, payload, enqueued_at)
      SELECT 'question.served',
        jsonb_build_object('playId', ${playId}::text, 'questionId', ${questionId}::text, 'deadline', deadline_at),
        now()
      FROM served
    )
    SELECT served_at AS "servedAt", deadline_at AS "deadlineAt" FROM served
  `.execute(db);
  return result.rows[0] ?? null;
}

/**
 * Records an answer and its answer.recorded event in one statement (one commit); a second submit
 * of the same question inserts nothing. Returns the event id, or null when the answer existed.
 */
export async function insertAnswerWithEvent(
  db: Executor,
  values: {
    playId: string;
    questionId: string;
    outcome: 'ANSWERED' | 'NO_ANSWER';
    selectedOptionIds: string[];
    answerText: string | null;
    answeredAt: Date;
    timeTakenMs: number;
    clientTimeTakenMs: number | null;
  },
): Promise<string | null> {
  const result = await sql<{ eventId: string | null }>`
    WITH answer AS (
      INSERT INTO play_answers
        (play_id, question_id, outcome, selected_option_ids, answer_text, answered_at, time_taken_ms, client_time_taken_ms)
      VALUES (${values.playId}, ${values.questionId}, ${values.outcome}, ${values.selectedOptionIds}::uuid[],
        ${values.answerText}, ${values.answeredAt}, ${values.timeTakenMs}, ${values.clientTimeTakenMs})
      ON CONFLICT (play_id, question_id) DO NOTHING
      RETURNING play_id
    ), event AS (
      INSERT INTO outbox_events (type, payload)
      SELECT 'answer.recorded',
        jsonb_build_object('playId', ${values.playId}::text, 'questionId', ${values.questionId}::text)
      FROM answer
      RETURNING id
    )
    SELECT (SELECT id FROM event) AS "eventId"
  `.execute(db);
  return result.rows[0]?.eventId ?? null;
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
