import type { Db } from '@riyazi/db';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import { conflict, notFound } from '../../lib/errors.js';
import { usageMessage } from '../../lib/in-use.js';
import { pageOf } from '../../lib/paging.js';
import { duplicateAs, stillReferenced } from '../../lib/pg-errors.js';
import * as repo from './categories.repository.js';
import type { CategoryBody, CategoryChanges, CategoryDto, ListQuery } from './reference-data.schemas.js';

const toDto = (row: repo.CategoryRow): CategoryDto => ({
  _id: row.id,
  name: row.name,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

async function categoryDto(db: Db, id: string): Promise<CategoryDto> {
  const row = await repo.findCategory(db, id);
  if (!row) {
    throw notFound('Category not found');
  }
  return toDto(row);
}

const uniqueName = duplicateAs('name', 'A category with this name already exists');

export const listCategories = (db: Db, { page, limit, ...filter }: ListQuery) =>
  pageOf(
    { page, limit },
    (l, o) => repo.listCategories(db, filter, l, o),
    () => repo.countCategories(db, filter),
    toDto,
  );

export async function createCategory(db: Db, actor: Actor, body: CategoryBody): Promise<CategoryDto> {
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await repo.insertCategory(trx, body).catch(uniqueName);
    await audit(trx, actor, 'category.create', 'category', id, { ...body });
    return id;
  });
  return categoryDto(db, id);
}

export async function updateCategory(
  db: Db,
  actor: Actor,
  id: string,
  body: CategoryChanges,
): Promise<CategoryDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockCategory(trx, id);
    if (!current) {
      throw notFound('Category not found');
    }
    const { changes, set, changed } = diff(current, body);
    if (!changed) {
      return;
    }
    await repo.updateCategory(trx, id, set).catch(uniqueName);
    const action = set.isActive === false ? 'category.deactivate' : 'category.update';
    await audit(trx, actor, action, 'category', id, { name: current.name, changes });
  });
  return categoryDto(db, id);
}

export async function deleteCategory(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockCategory(trx, id);
    if (!current) {
      throw notFound('Category not found');
    }
    const used = await repo.categoryUsage(trx, id);
    const message = usageMessage('category', [
      [used.subCategories, 'sub category', 'sub categories'],
      [used.questions, 'question', 'questions'],
      [used.quizzes, 'quiz', 'quizzes'],
    ]);
    if (message) {
      throw conflict(message);
    }
    await repo.deleteCategory(trx, id).catch(stillReferenced('category'));
    await audit(trx, actor, 'category.delete', 'category', id, { name: current.name });
  });
}
