import { randomBytes } from 'node:crypto';
import { announceCacheChanges, everything } from '@riyazi/api/cache-bus';
import type { Db } from '@riyazi/db';
import { seedDemoData } from '../db/src/seed/index.js';
import { makeStudent } from './factories.js';

// Contest data: grades, phases, categories, questions, quizzes, plays and the system flags.

// A phase or grade made behind the api is announced as the api announces its own: every node's
// list of board rooms learns of it at once.
export async function makePhase(db: Db, number = 1) {
  const now = Date.now();
  const phase = await db
    .insertInto('phases')
    .values({
      name: `Phase ${number}`,
      number,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + 30 * 86_400_000),
      status: 'ACTIVE',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await announceCacheChanges(db, everything('boardRooms'));
  return phase;
}

/**
 * A phase's contest as "End the contest" leaves it an hour later (contracts/contest-lifecycle.ts):
 * every play's time is up, and its results released (RELEASED) or withheld (CLOSED).
 */
export async function endPhaseContest(
  db: Db,
  phaseId: string,
  { released = true }: { released?: boolean } = {},
) {
  const hourAgo = new Date(Date.now() - 3_600_000);
  await db
    .updateTable('phases')
    .set({ status: 'CLOSED', closedAt: hourAgo, resultsReleaseAt: released ? hourAgo : null })
    .where('id', '=', phaseId)
    .execute();
}

export async function makeGrade(db: Db, sortOrder = 5) {
  const grade = await db
    .insertInto('grades')
    .values({ title: `Grade ${sortOrder}`, sortOrder })
    .returning(['id', 'title'])
    .executeTakeFirstOrThrow();
  await announceCacheChanges(db, everything('boardRooms'));
  return grade;
}

export async function makeCategory(db: Db, name = 'Geometry') {
  return db.insertInto('categories').values({ name }).returning('id').executeTakeFirstOrThrow();
}

export async function makeSubCategory(db: Db, categoryId: string, name = 'Angles') {
  return db
    .insertInto('subCategories')
    .values({ name, categoryId })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** A fresh grade, phase 1, category and sub category: the placement fields of a question payload. */
export async function makeQuestionPlacement(db: Db, gradeSortOrder: number, category: string, sub: string) {
  const grade = await makeGrade(db, gradeSortOrder);
  const phase = await makePhase(db, 1);
  const cat = await makeCategory(db, category);
  const subCategory = await makeSubCategory(db, cat.id, sub);
  return { categoryId: cat.id, subCategoryId: subCategory.id, gradeId: grade.id, phaseIds: [phase.id] };
}

/**
 * An active contest question: an MCQ with one option per entry of `options` (true = correct),
 * or 'open' for an open-ended question whose accepted answer is "11".
 */
export async function makeQuestion(
  db: Db,
  fields: { gradeId: string; categoryId: string; subCategoryId: string },
  html: string,
  options: boolean[] | 'open',
) {
  const question = await db
    .insertInto('questions')
    .values({
      ...fields,
      tag: 'CONTEST',
      type: options === 'open' ? 'OPEN_ENDED' : 'MCQS',
      acceptedAnswers: options === 'open' ? ['11'] : [],
      questionHtml: html,
      answerHintText: 'Think',
    })
    .returning(['id', 'questionNo'])
    .executeTakeFirstOrThrow();
  const ids: string[] = [];
  for (const [i, isCorrect] of (options === 'open' ? [] : options).entries()) {
    const option = await db
      .insertInto('questionOptions')
      .values({ questionId: question.id, position: i + 1, textHtml: `<p>${i}</p>`, isCorrect })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(option.id);
  }
  return { id: question.id, no: Number(question.questionNo), options: ids };
}

/** The answer key changed: exactly `optionIds` are now the question's correct options. */
export async function setCorrectOptions(db: Db, questionId: string, optionIds: string[]) {
  await db
    .updateTable('questionOptions')
    .set((eb) => ({ isCorrect: eb('id', 'in', optionIds).$castTo<boolean>() }))
    .where('questionId', '=', questionId)
    .execute();
}

export interface QuizFactoryOptions {
  gradeIds: string[];
  phaseId: string;
  kind?: 'PRACTICE' | 'CONTEST';
  title?: string;
  questionCount?: number;
  /** RULES pool (default: one rule, any category, the whole attempt) or these questions. */
  rules?: { categoryId?: string | null; subCategoryId?: string | null; questionCount: number }[];
  questionIds?: string[];
}

/** A quiz with its grades and pool, written straight to the database. */
export async function makeQuiz(db: Db, options: QuizFactoryOptions) {
  const questionCount = options.questionCount ?? 15;
  const quiz = await db
    .insertInto('quizzes')
    .values({
      title: options.title ?? 'Test quiz',
      kind: options.kind ?? 'CONTEST',
      phaseId: options.phaseId,
      questionCount,
      poolMode: options.questionIds ? 'QUESTIONS' : 'RULES',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('quizGrades')
    .values(options.gradeIds.map((gradeId) => ({ quizId: quiz.id, gradeId })))
    .execute();
  if (options.questionIds) {
    if (options.questionIds.length > 0) {
      await db
        .insertInto('quizQuestions')
        .values(
          options.questionIds.map((questionId, i) => ({ quizId: quiz.id, questionId, position: i + 1 })),
        )
        .execute();
    }
  } else {
    const rules = options.rules ?? [{ questionCount }];
    await db
      .insertInto('quizRules')
      .values(
        rules.map((rule, i) => ({
          quizId: quiz.id,
          position: i + 1,
          categoryId: rule.categoryId ?? null,
          subCategoryId: rule.subCategoryId ?? null,
          questionCount: rule.questionCount,
        })),
      )
      .execute();
  }
  return quiz;
}

type QuestionSpec = readonly [html: string, options: boolean[] | 'open'];
type MadeQuestion = Awaited<ReturnType<typeof makeQuestion>>;

export interface QuizWithQuestionsOptions<Q extends readonly QuestionSpec[]> {
  /** Sort orders of the grades the quiz is open to; the questions are placed in the first. */
  grades?: number[];
  category?: string;
  subCategory?: string;
  /** Each question's html and options, as makeQuestion takes them. */
  questions: Q;
}

/**
 * The set-up of the play reports: grades, phase 1, a category and sub category, questions placed in
 * them, and a contest quiz of those grades. `play` holds what makePlay needs to play it in the first grade.
 */
export async function makeQuizWithQuestions<const Q extends readonly QuestionSpec[]>(
  db: Db,
  options: QuizWithQuestionsOptions<Q>,
) {
  const grades: Awaited<ReturnType<typeof makeGrade>>[] = [];
  for (const sortOrder of options.grades ?? [4]) {
    grades.push(await makeGrade(db, sortOrder));
  }
  const [grade, ...otherGrades] = grades;
  if (!grade) {
    throw new Error('makeQuizWithQuestions: give at least one grade');
  }
  const phase = await makePhase(db, 1);
  const category = await makeCategory(db, options.category);
  const sub = await makeSubCategory(db, category.id, options.subCategory);
  const placement = { gradeId: grade.id, categoryId: category.id, subCategoryId: sub.id };
  const made: MadeQuestion[] = [];
  for (const [html, choices] of options.questions) {
    made.push(await makeQuestion(db, placement, html, choices));
  }
  const questions = made as { -readonly [K in keyof Q]: MadeQuestion };
  const quiz = await makeQuiz(db, { gradeIds: grades.map((g) => g.id), phaseId: phase.id });
  const play = { quizId: quiz.id, phaseId: phase.id, gradeId: grade.id };
  return { grade, otherGrades, phase, category, sub, questions, quiz, play };
}

export interface PlayAnswerFactory {
  questionId: string;
  /** false: the question was drawn but never shown (no served_at, no answer row). */
  served?: boolean;
  outcome?: 'ANSWERED' | 'NO_ANSWER';
  selectedOptionIds?: string[];
  answerText?: string | null;
  timeTakenMs?: number;
  isCorrect?: boolean | null;
}

export interface PlayFactoryOptions {
  quizId: string;
  phaseId: string;
  gradeId: string;
  kind?: 'PRACTICE' | 'CONTEST';
  status?: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  /** Default: the number of correct answers. */
  score?: number;
  finishedAt?: Date;
  studentId?: string;
  answers: PlayAnswerFactory[];
}

/** A play (by default FINISHED) with its play_questions and play_answers, for reports before the engine. */
export async function makePlay(db: Db, options: PlayFactoryOptions) {
  const status = options.status ?? 'FINISHED';
  const finishedAt = status === 'FINISHED' ? (options.finishedAt ?? new Date()) : null;
  const startedAt = new Date((finishedAt ?? new Date()).getTime() - 3_600_000);
  const answered = options.answers.filter((a) => a.served !== false);
  const correctCount = answered.filter((a) => a.isCorrect === true).length;
  const studentId =
    options.studentId ??
    (
      await db
        .insertInto('students')
        .values({
          fullName: 'Test Student',
          email: `student-${randomBytes(6).toString('hex')}@example.com`,
          passwordHash: 'not-a-real-hash',
          gradeId: options.gradeId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const play = await db
    .insertInto('plays')
    .values({
      studentId,
      quizId: options.quizId,
      phaseId: options.phaseId,
      gradeId: options.gradeId,
      kind: options.kind ?? 'CONTEST',
      status,
      questionCount: Math.max(1, options.answers.length),
      score: options.score ?? correctCount,
      correctCount,
      totalTimeMs: answered.reduce((sum, a) => sum + (a.timeTakenMs ?? 0), 0),
      startedAt,
      finishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.answers.length > 0) {
    await db
      .insertInto('playQuestions')
      .values(
        options.answers.map((a, i) => ({
          playId: play.id,
          position: i,
          questionId: a.questionId,
          servedAt: a.served === false ? null : startedAt,
          deadlineAt: a.served === false ? null : new Date(startedAt.getTime() + 180_000),
        })),
      )
      .execute();
  }
  if (answered.length > 0) {
    await db
      .insertInto('playAnswers')
      .values(
        answered.map((a) => ({
          playId: play.id,
          questionId: a.questionId,
          outcome: a.outcome ?? 'ANSWERED',
          selectedOptionIds: a.selectedOptionIds ?? [],
          answerText: a.answerText ?? null,
          timeTakenMs: a.timeTakenMs ?? 10_000,
          isCorrect: a.isCorrect ?? false,
          score: a.isCorrect ? 1 : 0,
          scoredAt: finishedAt ?? new Date(),
        })),
      )
      .execute();
  }
  return { id: play.id, studentId };
}

/** One answer to each question, right or wrong as `right` says (nothing picked: open questions). */
export const rightOrWrong = (
  questions: readonly { id: string }[],
  right: readonly boolean[],
  timeTakenMs = 10_000,
): PlayAnswerFactory[] =>
  questions.map((q, i) => ({ questionId: q.id, isCorrect: right[i] ?? false, timeTakenMs }));

export async function setFlags(db: Db, flags: Record<string, unknown>) {
  await db
    .insertInto('systemFlags')
    .values({ id: 1, flags: JSON.stringify(flags) })
    .onConflict((oc) => oc.column('id').doUpdateSet({ flags: JSON.stringify(flags) }))
    .execute();
}

/**
 * The demo data seeded, its phase 1 active and open for contests to every student (no document or
 * permission needed), each student with two attempts. Answers the phase's id.
 */
export async function openSeededDemoContest(db: Db): Promise<string> {
  await seedDemoData(db, { adminEmail: 'admin@riyazi.test', adminPassword: 'Admin-password-2026' });
  const phase = await db.selectFrom('phases').select('id').where('number', '=', 1).executeTakeFirstOrThrow();
  await db.updateTable('phases').set({ status: 'ACTIVE' }).where('id', '=', phase.id).execute();
  await setFlags(db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phase.id,
    contestPermissionRequired: false,
    documentAcceptanceRequired: false,
  });
  await db.updateTable('students').set({ contestAttempts: 2 }).execute();
  return phase.id;
}

/** A phase with `players` students of one grade who each finished a contest play, none ranked yet. */
export async function phaseWithFinishedPlays(db: Db, players = 3) {
  const phase = await makePhase(db, 1);
  const grade = await makeGrade(db, 3);
  const quiz = await makeQuiz(db, { gradeIds: [grade.id], phaseId: phase.id });
  for (let i = 0; i < players; i += 1) {
    const student = await makeStudent(db, { gradeId: grade.id });
    await makePlay(db, {
      quizId: quiz.id,
      phaseId: phase.id,
      gradeId: grade.id,
      studentId: student.id,
      answers: [],
    });
  }
  return { phaseId: phase.id, gradeId: grade.id, gradeTitle: grade.title };
}
