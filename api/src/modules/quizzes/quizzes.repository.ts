import type { Quizzes } from '@riyazi/db';
import type { Insertable, Updateable } from 'kysely';
import type { QuizSort, SortDir } from '../../contracts/list-sort.js';
import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';
import { direction } from '../../lib/list-order.repository.js';
import type { PoolCandidate } from './quiz-pool.js';

export interface QuizFilter {
  search?: string;
  kind?: 'PRACTICE' | 'CONTEST';
  phaseId?: string;
  gradeId?: string;
  isActive?: boolean;
}

export interface EligibleFilter {
  kind: 'PRACTICE' | 'CONTEST';
  phaseId: string;
  gradeIds: string[];
  /** QUESTIONS mode: only these (already picked) questions. */
  questionIds?: string[];
}

/**
 * The questions a quiz may draw for its grades: ACTIVE, of one of the grades, linked to the quiz's
 * phase, tagged for the quiz's kind (or BOTH); in QUESTIONS mode only the picked ones. Ordered by
 * question number; the quiz engine shuffles before allocating with allocatePool.
 */
export async function eligibleQuestions(
  db: Executor,
  f: EligibleFilter,
): Promise<(PoolCandidate & { gradeId: string; type: 'MCQS' | 'OPEN_ENDED' })[]> {
  if (f.gradeIds.length === 0 || f.questionIds?.length === 0) {
    return [];
  }
  let query = db
    .selectFrom('questions')
    .select([
      'questions.id',
      'questions.gradeId',
      'questions.categoryId',
      'questions.subCategoryId',
      'questions.type',
    ])
    .where('questions.status', '=', 'ACTIVE')
    .where('questions.gradeId', 'in', f.gradeIds)
    .where('questions.tag', 'in', [f.kind, 'BOTH'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('questionPhases')
          .select('questionPhases.phaseId')
          .whereRef('questionPhases.questionId', '=', 'questions.id')
          .where('questionPhases.phaseId', '=', f.phaseId),
      ),
    );
  if (f.questionIds) {
    query = query.where('questions.id', 'in', f.questionIds);
  }
  return query.orderBy('questions.questionNo').execute();
}

function filtered(db: Executor, f: QuizFilter) {
  let query = db.selectFrom('quizzes').innerJoin('phases', 'phases.id', 'quizzes.phaseId');
  if (f.search) {
    query = query.where('quizzes.title', 'ilike', `%${escapeLike(f.search)}%`);
  }
  if (f.kind) {
    query = query.where('quizzes.kind', '=', f.kind);
  }
  if (f.phaseId) {
    query = query.where('quizzes.phaseId', '=', f.phaseId);
  }
  if (f.isActive !== undefined) {
    query = query.where('quizzes.isActive', '=', f.isActive);
  }
  if (f.gradeId) {
    const gradeId = f.gradeId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('quizGrades')
          .select('quizGrades.gradeId')
          .whereRef('quizGrades.quizId', '=', 'quizzes.id')
          .where('quizGrades.gradeId', '=', gradeId),
      ),
    );
  }
  return query;
}

const QUIZ_SORT_COLUMN = {
  createdAt: 'quizzes.createdAt',
  title: 'quizzes.title',
  kind: 'quizzes.kind',
  phase: 'phases.number',
  questions: 'quizzes.questionCount',
  attempts: 'quizzes.attemptsAllowed',
  opensAt: 'quizzes.opensAt',
  status: 'quizzes.isActive',
} as const satisfies Record<QuizSort, string>;

export interface QuizOrder {
  sort: QuizSort;
  dir: SortDir;
}

/** One page in the chosen order; creation time, then the id, break ties so pages never repeat a row. */
export const listQuizzes = (
  db: Executor,
  filter: QuizFilter,
  order: QuizOrder,
  limit: number,
  offset: number,
) =>
  filtered(db, filter)
    .selectAll('quizzes')
    .select('phases.name as phaseName')
    .orderBy(QUIZ_SORT_COLUMN[order.sort], direction(order.dir))
    .orderBy('quizzes.createdAt', 'desc')
    .orderBy('quizzes.id')
    .limit(limit)
    .offset(offset)
    .execute();
export type QuizListRow = Awaited<ReturnType<typeof listQuizzes>>[number];

export const countQuizzes = (db: Executor, filter: QuizFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

/** The grades of each quiz, in grade order. */
export async function gradesOf(db: Executor, quizIds: string[]) {
  const byQuiz = new Map<string, { id: string; title: string }[]>();
  if (quizIds.length === 0) {
    return byQuiz;
  }
  const rows = await db
    .selectFrom('quizGrades')
    .innerJoin('grades', 'grades.id', 'quizGrades.gradeId')
    .select(['quizGrades.quizId', 'grades.id', 'grades.title'])
    .where('quizGrades.quizId', 'in', quizIds)
    .orderBy('grades.sortOrder')
    .execute();
  for (const row of rows) {
    const list = byQuiz.get(row.quizId) ?? [];
    list.push({ id: row.id, title: row.title });
    byQuiz.set(row.quizId, list);
  }
  return byQuiz;
}

export async function playsOf(db: Executor, quizIds: string[]) {
  if (quizIds.length === 0) {
    return new Map<string, number>();
  }
  const rows = await db
    .selectFrom('plays')
    .select(['quizId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('quizId', 'in', quizIds)
    .groupBy('quizId')
    .execute();
  return new Map(rows.map((r) => [r.quizId, Number(r.count)]));
}

export const findQuiz = (db: Executor, id: string) =>
  db.selectFrom('quizzes').selectAll().where('id', '=', id).executeTakeFirst();
export type QuizRow = NonNullable<Awaited<ReturnType<typeof findQuiz>>>;

export const lockQuiz = (trx: Trx, id: string) =>
  trx.selectFrom('quizzes').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const rulesOf = (db: Executor, quizId: string) =>
  db
    .selectFrom('quizRules')
    .select(['position', 'categoryId', 'subCategoryId', 'questionCount'])
    .where('quizId', '=', quizId)
    .orderBy('position')
    .execute();

export const pickedOf = async (db: Executor, quizId: string) =>
  (
    await db
      .selectFrom('quizQuestions')
      .select('questionId')
      .where('quizId', '=', quizId)
      .orderBy('position')
      .execute()
  ).map((r) => r.questionId);

export const insertQuiz = (trx: Trx, values: Insertable<Quizzes>) =>
  trx.insertInto('quizzes').values(values).returning('id').executeTakeFirstOrThrow();

export const updateQuiz = (trx: Trx, id: string, set: Updateable<Quizzes>) =>
  trx
    .updateTable('quizzes')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export interface RuleValues {
  position: number;
  categoryId: string | null;
  subCategoryId: string | null;
  questionCount: number;
}

/** Replaces grades, rules and picked questions: the pool is saved whole with the form. */
export async function replacePool(
  trx: Trx,
  quizId: string,
  pool: { gradeIds: string[]; rules: RuleValues[]; questionIds: string[] },
) {
  await trx.deleteFrom('quizGrades').where('quizId', '=', quizId).execute();
  await trx.deleteFrom('quizRules').where('quizId', '=', quizId).execute();
  await trx.deleteFrom('quizQuestions').where('quizId', '=', quizId).execute();
  if (pool.gradeIds.length > 0) {
    await trx
      .insertInto('quizGrades')
      .values(pool.gradeIds.map((gradeId) => ({ quizId, gradeId })))
      .execute();
  }
  if (pool.rules.length > 0) {
    await trx
      .insertInto('quizRules')
      .values(pool.rules.map((rule) => ({ ...rule, quizId })))
      .execute();
  }
  if (pool.questionIds.length > 0) {
    await trx
      .insertInto('quizQuestions')
      .values(pool.questionIds.map((questionId, i) => ({ quizId, questionId, position: i + 1 })))
      .execute();
  }
}

export const deleteQuiz = (trx: Trx, id: string) => trx.deleteFrom('quizzes').where('id', '=', id).execute();

export const countPlays = (db: Executor, quizId: string) =>
  countOf(
    db
      .selectFrom('plays')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('quizId', '=', quizId),
  );

/** Names for the pool report and validation: grades, the phase, categories and sub categories named. */
export async function references(
  db: Executor,
  ids: { gradeIds: string[]; phaseId: string; categoryIds: string[]; subCategoryIds: string[] },
) {
  const [grades, phase, categories, subCategories] = await Promise.all([
    ids.gradeIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('grades')
          .select(['id', 'title', 'sortOrder'])
          .where('id', 'in', ids.gradeIds)
          .orderBy('sortOrder')
          .execute(),
    db.selectFrom('phases').select(['id', 'name']).where('id', '=', ids.phaseId).executeTakeFirst(),
    ids.categoryIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('categories').select(['id', 'name']).where('id', 'in', ids.categoryIds).execute(),
    ids.subCategoryIds.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('subCategories')
          .select(['id', 'name', 'categoryId'])
          .where('id', 'in', ids.subCategoryIds)
          .execute(),
  ]);
  return {
    grades,
    phase,
    categories: new Map(categories.map((c) => [c.id, c])),
    subCategories: new Map(subCategories.map((s) => [s.id, s])),
  };
}

export const existingQuestions = async (db: Executor, ids: string[]) =>
  ids.length === 0
    ? new Set<string>()
    : new Set(
        (await db.selectFrom('questions').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
      );

export async function options(db: Executor) {
  const [grades, phases, categories, subCategories] = await Promise.all([
    db.selectFrom('grades').select(['id', 'title', 'isActive']).orderBy('sortOrder').execute(),
    db.selectFrom('phases').select(['id', 'name', 'number']).orderBy('number').execute(),
    db.selectFrom('categories').select(['id', 'name', 'isActive']).orderBy('name').execute(),
    db.selectFrom('subCategories').select(['id', 'name', 'isActive', 'categoryId']).orderBy('name').execute(),
  ]);
  return { grades, phases, categories, subCategories };
}

/** The picked questions with what the picker shows, in the quiz's order. */
export async function pickedSummaries(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) {
    return [];
  }
  const rows = await db
    .selectFrom('questions')
    .innerJoin('grades', 'grades.id', 'questions.gradeId')
    .select([
      'questions.id',
      'questions.questionNo',
      'questions.questionHtml',
      'questions.tag',
      'questions.status',
      'questions.gradeId',
      'grades.title as gradeTitle',
    ])
    .where('questions.id', 'in', questionIds)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return questionIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * The other active contest quizzes of a phase that serve one of these grades, with the grades they
 * share. Locks the phase row first, so two saves in one phase decide one after the other.
 */
export async function activeContestQuizzesSharing(
  trx: Trx,
  { phaseId, gradeIds, exceptQuizId }: { phaseId: string; gradeIds: string[]; exceptQuizId: string | null },
) {
  await trx.selectFrom('phases').select('id').where('id', '=', phaseId).forUpdate().executeTakeFirst();
  let query = trx
    .selectFrom('quizzes')
    .innerJoin('quizGrades', 'quizGrades.quizId', 'quizzes.id')
    .innerJoin('grades', 'grades.id', 'quizGrades.gradeId')
    .select(['quizzes.id', 'quizzes.title', 'grades.title as grade'])
    .where('quizzes.phaseId', '=', phaseId)
    .where('quizzes.kind', '=', 'CONTEST')
    .where('quizzes.isActive', '=', true)
    .where('quizGrades.gradeId', 'in', gradeIds)
    .orderBy('grades.sortOrder')
    .orderBy('quizzes.title');
  if (exceptQuizId !== null) {
    query = query.where('quizzes.id', '<>', exceptQuizId);
  }
  return query.execute();
}
