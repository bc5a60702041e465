import type { Questions } from '@riyazi/db';
import type { Insertable, Updateable } from 'kysely';
import type { QuestionSort, SortDir } from '../../contracts/list-sort.js';
import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';
import { direction } from '../../lib/list-order.repository.js';

export interface QuestionFilter {
  search?: string;
  gradeId?: string;
  phaseId?: string;
  categoryId?: string;
  subCategoryId?: string;
  tag?: 'PRACTICE' | 'CONTEST' | 'BOTH';
  type?: 'MCQS' | 'OPEN_ENDED';
  status?: 'ACTIVE' | 'INACTIVE';
}

function filtered(db: Executor, f: QuestionFilter) {
  let query = db
    .selectFrom('questions')
    .innerJoin('grades', 'grades.id', 'questions.gradeId')
    .innerJoin('categories', 'categories.id', 'questions.categoryId')
    .innerJoin('subCategories', 'subCategories.id', 'questions.subCategoryId');
  if (f.search) {
    const search = f.search;
    const pattern = `%${escapeLike(search)}%`;
    query = query.where((eb) =>
      /^\d{1,15}$/.test(search)
        ? eb.or([
            eb('questions.questionHtml', 'ilike', pattern),
            eb('questions.questionNo', '=', Number(search)),
          ])
        : eb('questions.questionHtml', 'ilike', pattern),
    );
  }
  for (const key of ['gradeId', 'categoryId', 'subCategoryId', 'tag', 'type', 'status'] as const) {
    const value = f[key];
    if (value !== undefined) {
      query = query.where(`questions.${key}`, '=', value);
    }
  }
  if (f.phaseId) {
    const phaseId = f.phaseId;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('questionPhases')
          .select('questionPhases.phaseId')
          .whereRef('questionPhases.questionId', '=', 'questions.id')
          .where('questionPhases.phaseId', '=', phaseId),
      ),
    );
  }
  return query;
}

const LIST_COLUMNS = [
  'questions.id',
  'questions.questionNo',
  'questions.questionHtml',
  'questions.questionHtmlUr',
  'questions.tag',
  'questions.type',
  'questions.status',
  'questions.updatedAt',
  'questions.gradeId',
  'grades.title as gradeTitle',
  'questions.categoryId',
  'categories.name as categoryName',
  'questions.subCategoryId',
  'subCategories.name as subCategoryName',
] as const;

const QUESTION_SORT_COLUMN = {
  questionNo: 'questions.questionNo',
  grade: 'grades.sortOrder',
  category: 'categories.name',
  tag: 'questions.tag',
  type: 'questions.type',
  status: 'questions.status',
} as const satisfies Record<QuestionSort, string>;

export interface QuestionOrder {
  sort: QuestionSort;
  dir: SortDir;
}

/** One page in the chosen order; the (unique) question number breaks ties in the same direction. */
export const listQuestions = (
  db: Executor,
  filter: QuestionFilter,
  order: QuestionOrder,
  limit: number,
  offset: number,
) =>
  filtered(db, filter)
    .select(LIST_COLUMNS)
    .orderBy(QUESTION_SORT_COLUMN[order.sort], direction(order.dir))
    .orderBy('questions.questionNo', order.dir)
    .limit(limit)
    .offset(offset)
    .execute();
export type QuestionListRow = Awaited<ReturnType<typeof listQuestions>>[number];

export const countQuestions = (db: Executor, filter: QuestionFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

/** Phases of each question, by phase number. */
export async function phasesOf(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) {
    return new Map<string, { id: string; name: string }[]>();
  }
  const rows = await db
    .selectFrom('questionPhases')
    .innerJoin('phases', 'phases.id', 'questionPhases.phaseId')
    .select(['questionPhases.questionId', 'phases.id', 'phases.name'])
    .where('questionPhases.questionId', 'in', questionIds)
    .orderBy('phases.number')
    .execute();
  const byQuestion = new Map<string, { id: string; name: string }[]>();
  for (const row of rows) {
    const list = byQuestion.get(row.questionId) ?? [];
    list.push({ id: row.id, name: row.name });
    byQuestion.set(row.questionId, list);
  }
  return byQuestion;
}

/** How many plays served each question. */
export async function usageOf(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) {
    return new Map<string, number>();
  }
  const rows = await db
    .selectFrom('playQuestions')
    .select(['questionId', (eb) => eb.fn.countAll<string>().as('count')])
    .where('questionId', 'in', questionIds)
    .groupBy('questionId')
    .execute();
  return new Map(rows.map((r) => [r.questionId, Number(r.count)]));
}

export const findQuestion = (db: Executor, id: string) =>
  db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst();
export type QuestionRow = NonNullable<Awaited<ReturnType<typeof findQuestion>>>;

export const lockQuestion = (trx: Trx, id: string) =>
  trx.selectFrom('questions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();

export const optionsOf = (db: Executor, questionId: string) =>
  db
    .selectFrom('questionOptions')
    .select(['id', 'position', 'textHtml', 'textHtmlUr', 'image', 'isCorrect'])
    .where('questionId', '=', questionId)
    .orderBy('position')
    .execute();

export const insertQuestion = (trx: Trx, values: Insertable<Questions>) =>
  trx.insertInto('questions').values(values).returning(['id', 'questionNo']).executeTakeFirstOrThrow();

export const updateQuestion = (trx: Trx, id: string, set: Updateable<Questions>) =>
  trx
    .updateTable('questions')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export interface OptionValues {
  position: number;
  textHtml: string;
  textHtmlUr: string | null;
  image: string | null;
  isCorrect: boolean;
}

/**
 * Writes the options by position and drops the rest. An option keeps its id across edits, so
 * plays that recorded option ids (option order, selected answers) still point at real options.
 */
export async function replaceOptions(trx: Trx, questionId: string, options: OptionValues[]) {
  const positions = options.map((o) => o.position);
  let remove = trx.deleteFrom('questionOptions').where('questionId', '=', questionId);
  if (positions.length > 0) {
    remove = remove.where('position', 'not in', positions);
  }
  await remove.execute();
  if (options.length > 0) {
    await trx
      .insertInto('questionOptions')
      .values(options.map((o) => ({ ...o, questionId })))
      .onConflict((oc) =>
        oc.columns(['questionId', 'position']).doUpdateSet((eb) => ({
          textHtml: eb.ref('excluded.textHtml'),
          textHtmlUr: eb.ref('excluded.textHtmlUr'),
          image: eb.ref('excluded.image'),
          isCorrect: eb.ref('excluded.isCorrect'),
        })),
      )
      .execute();
  }
}

export async function replacePhases(trx: Trx, questionId: string, phaseIds: string[]) {
  await trx.deleteFrom('questionPhases').where('questionId', '=', questionId).execute();
  if (phaseIds.length > 0) {
    await trx
      .insertInto('questionPhases')
      .values(phaseIds.map((phaseId) => ({ questionId, phaseId })))
      .execute();
  }
}

export const deleteQuestion = (trx: Trx, id: string) =>
  trx.deleteFrom('questions').where('id', '=', id).execute();

export const countPlays = (db: Executor, questionId: string) =>
  countOf(
    db
      .selectFrom('playQuestions')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('questionId', '=', questionId),
  );

/** Which of the references exist (share-locked until the write commits): grade, category, the sub category with its category, phases. */
export async function references(
  db: Executor,
  ids: { gradeId: string; categoryId: string; subCategoryId: string; phaseIds: string[] },
) {
  const [grade, category, subCategory, phases] = await Promise.all([
    db.selectFrom('grades').select('id').where('id', '=', ids.gradeId).forShare().executeTakeFirst(),
    db.selectFrom('categories').select('id').where('id', '=', ids.categoryId).forShare().executeTakeFirst(),
    db
      .selectFrom('subCategories')
      .select(['id', 'categoryId'])
      .where('id', '=', ids.subCategoryId)
      .forShare()
      .executeTakeFirst(),
    ids.phaseIds.length === 0
      ? Promise.resolve([])
      : db.selectFrom('phases').select('id').where('id', 'in', ids.phaseIds).forShare().execute(),
  ]);
  return { grade, category, subCategory, phaseIds: new Set(phases.map((p) => p.id)) };
}
