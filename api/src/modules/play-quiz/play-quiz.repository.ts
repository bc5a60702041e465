import { sql } from 'kysely';
import type { Executor, Trx } from '../reference-data/reference-data.shared.js';

export const lockStudent = (trx: Trx, id: string) =>
  trx
    .selectFrom('students')
    .select(['id', 'gradeId', 'contestAttempts', 'isActive'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();

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
