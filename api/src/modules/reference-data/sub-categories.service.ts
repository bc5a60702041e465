import type { Db } from '@riyazi/db';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import type { Trx } from '../../lib/db.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { usageMessage } from '../../lib/in-use.js';
import { pageOf } from '../../lib/paging.js';
import { duplicateAs, stillReferenced } from '../../lib/pg-errors.js';
import { shareLockCategory } from './categories.repository.js';
import type {
  SubCategoryBody,
  SubCategoryChanges,
  SubCategoryDto,
  SubCategoryListQuery,
} from './reference-data.schemas.js';
import * as repo from './sub-categories.repository.js';

const toDto = (row: repo.SubCategoryRow): SubCategoryDto => ({
  _id: row.id,
  name: row.name,
  isActive: row.isActive,
  category: { _id: row.categoryId, name: row.categoryName },
  createdAt: row.createdAt.toISOString(),
});

async function subCategoryDto(db: Db, id: string): Promise<SubCategoryDto> {
  const row = await repo.findSubCategory(db, id);
  if (!row) {
    throw notFound('Sub category not found');
  }
  return toDto(row);
}

const uniqueName = duplicateAs('name', 'This category already has a sub category with this name');

async function assertCategory(trx: Trx, categoryId: string) {
  const category = await shareLockCategory(trx, categoryId);
  if (!category) {
    throw fieldError('categoryId', 'the chosen category does not exist');
  }
  return category;
}

export const listSubCategories = (db: Db, { page, limit, ...filter }: SubCategoryListQuery) =>
  pageOf(
    { page, limit },
    (l, o) => repo.listSubCategories(db, filter, l, o),
    () => repo.countSubCategories(db, filter),
    toDto,
  );

export async function createSubCategory(
  db: Db,
  actor: Actor,
  body: SubCategoryBody,
): Promise<SubCategoryDto> {
  const id = await db.transaction().execute(async (trx) => {
    const category = await assertCategory(trx, body.categoryId);
    const { id } = await repo.insertSubCategory(trx, body).catch(uniqueName);
    await audit(trx, actor, 'subCategory.create', 'subCategory', id, {
      ...body,
      categoryName: category.name,
    });
    return id;
  });
  return subCategoryDto(db, id);
}

export async function updateSubCategory(
  db: Db,
  actor: Actor,
  id: string,
  body: SubCategoryChanges,
): Promise<SubCategoryDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockSubCategory(trx, id);
    if (!current) {
      throw notFound('Sub category not found');
    }
    const { changes, set, changed } = diff(current, body);
    if (!changed) {
      return;
    }
    if (set.categoryId !== undefined) {
      await assertCategory(trx, set.categoryId);
      const questions = await repo.countSubCategoryQuestions(trx, id);
      if (questions > 0) {
        throw conflict(
          `This sub category is used by ${questions} question${questions === 1 ? '' : 's'}: it cannot move to another category`,
        );
      }
    }
    await repo.updateSubCategory(trx, id, set).catch(uniqueName);
    const action = set.isActive === false ? 'subCategory.deactivate' : 'subCategory.update';
    await audit(trx, actor, action, 'subCategory', id, { name: current.name, changes });
  });
  return subCategoryDto(db, id);
}

export async function deleteSubCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockSubCategory(trx, id);
    if (!current) {
      throw notFound('Sub category not found');
    }
    const questions = await repo.countSubCategoryQuestions(trx, id);
    const quizzes = await repo.countSubCategoryQuizzes(trx, id);
    const message = usageMessage('sub category', [
      [questions, 'question', 'questions'],
      [quizzes, 'quiz', 'quizzes'],
    ]);
    if (message) {
      throw conflict(message);
    }
    await repo.deleteSubCategory(trx, id).catch(stillReferenced('sub category'));
    await audit(trx, actor, 'subCategory.delete', 'subCategory', id, {
      name: current.name,
      category: { id: current.categoryId, name: current.categoryName },
    });
  });
}
