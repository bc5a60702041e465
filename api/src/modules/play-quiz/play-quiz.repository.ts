import type { Executor, Trx } from '../../lib/db.js';

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

/** A play's questions, each joined to its answer when it has one. */
export const questionsWithAnswers = (db: Executor, playId: string) =>
  db
    .selectFrom('playQuestions')
    .leftJoin('playAnswers', (join) =>
      join
        .onRef('playAnswers.playId', '=', 'playQuestions.playId')
        .onRef('playAnswers.questionId', '=', 'playQuestions.questionId'),
    )
    .where('playQuestions.playId', '=', playId);

export const playQuestionsOf = (db: Executor, playId: string) =>
  questionsWithAnswers(db, playId)
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
    .orderBy('playQuestions.position')
    .execute();
export type PlayQuestionRow = Awaited<ReturnType<typeof playQuestionsOf>>[number];

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

/** The play's current question (the first without an answer) and its clock; undefined when none is left. */
export const currentQuestionClock = (trx: Trx, playId: string) =>
  questionsWithAnswers(trx, playId)
    .select([
      'playQuestions.questionId',
      'playQuestions.servedAt',
      'playQuestions.deadlineAt',
      'playQuestions.pausedAt',
    ])
    .where('playAnswers.questionId', 'is', null)
    .orderBy('playQuestions.position')
    .limit(1)
    .executeTakeFirst();

/** Sets a question's clock: its served time, deadline and pause (null: running). */
export const setQuestionClock = (
  trx: Trx,
  playId: string,
  questionId: string,
  clock: { servedAt: Date; deadlineAt: Date; pausedAt: Date | null },
) =>
  trx
    .updateTable('playQuestions')
    .set(clock)
    .where('playId', '=', playId)
    .where('questionId', '=', questionId)
    .execute();

export const cancelPlay = (trx: Trx, id: string) =>
  trx.updateTable('plays').set({ status: 'CANCELLED' }).where('id', '=', id).execute();
