import type { Executor } from '../../lib/db.js';

/** The first active category › sub category by name, for the template's example rows. */
export const firstActiveSubCategory = (db: Executor) =>
  db
    .selectFrom('subCategories')
    .innerJoin('categories', 'categories.id', 'subCategories.categoryId')
    .select(['categories.name as category', 'subCategories.name as subCategory'])
    .where('subCategories.isActive', '=', true)
    .where('categories.isActive', '=', true)
    .orderBy('categories.name')
    .orderBy('subCategories.name')
    .executeTakeFirst();

export const firstPhaseName = (db: Executor) =>
  db.selectFrom('phases').select('name').orderBy('number').executeTakeFirst();

/** Every grade, category, sub category and phase, as an import matches them by name. */
export const allNames = (db: Executor) =>
  Promise.all([
    db.selectFrom('grades').select(['id', 'title as name']).execute(),
    db.selectFrom('categories').select(['id', 'name']).execute(),
    db.selectFrom('subCategories').select(['id', 'name', 'categoryId']).execute(),
    db.selectFrom('phases').select(['id', 'name']).orderBy('number').execute(),
  ]);
