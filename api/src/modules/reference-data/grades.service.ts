import type { Db } from '@riyazi/db';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import { conflict, notFound } from '../../lib/errors.js';
import { usageMessage } from '../../lib/in-use.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { pageOf } from '../../lib/paging.js';
import { duplicateAs, stillReferenced } from '../../lib/pg-errors.js';
import * as repo from './grades.repository.js';
import type { GradeBody, GradeChanges, GradeDto, ListQuery } from './reference-data.schemas.js';

const toDto = (row: repo.GradeRow): GradeDto => ({
  _id: row.id,
  title: row.title,
  sortOrder: row.sortOrder,
  isActive: row.isActive,
  createdAt: row.createdAt.toISOString(),
});

async function gradeDto(db: Db, id: string): Promise<GradeDto> {
  const row = await repo.findGrade(db, id);
  if (!row) {
    throw notFound('Grade not found');
  }
  return toDto(row);
}

function uniqueGrade(error: unknown): never {
  const constraint = (error as { constraint?: string }).constraint;
  return constraint === 'grades_sort_order_key'
    ? duplicateAs('sortOrder', 'Another grade already has this sort order')(error)
    : duplicateAs('title', 'A grade with this title already exists')(error);
}

export const listGrades = (db: Db, { page, limit, ...filter }: ListQuery) =>
  pageOf(
    { page, limit },
    (l, o) => repo.listGrades(db, filter, l, o),
    () => repo.countGrades(db, filter),
    toDto,
  );

/** Boards and champions show grade titles (the home board the active grades), pools serve grades, board rooms name them. */
const gradesChanged = (db: Db) =>
  announceCacheChanges(db, everything('leaderboards', 'champions', 'quizPools', 'boardRooms'));

export async function createGrade(db: Db, actor: Actor, body: GradeBody): Promise<GradeDto> {
  const id = await db.transaction().execute(async (trx) => {
    const { id } = await repo.insertGrade(trx, body).catch(uniqueGrade);
    await audit(trx, actor, 'grade.create', 'grade', id, { ...body });
    return id;
  });
  await gradesChanged(db);
  return gradeDto(db, id);
}

export async function updateGrade(db: Db, actor: Actor, id: string, body: GradeChanges): Promise<GradeDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockGrade(trx, id);
    if (!current) {
      throw notFound('Grade not found');
    }
    const { changes, set, changed } = diff(current, body);
    if (!changed) {
      return;
    }
    await repo.updateGrade(trx, id, set).catch(uniqueGrade);
    const action = set.isActive === false ? 'grade.deactivate' : 'grade.update';
    await audit(trx, actor, action, 'grade', id, { title: current.title, changes });
  });
  await gradesChanged(db);
  return gradeDto(db, id);
}

export async function deleteGrade(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockGrade(trx, id);
    if (!current) {
      throw notFound('Grade not found');
    }
    const used = await repo.gradeUsage(trx, id);
    const message = usageMessage('grade', [
      [used.questions, 'question', 'questions'],
      [used.quizzes, 'quiz', 'quizzes'],
      [used.students, 'student', 'students'],
      [used.plays, 'play', 'plays'],
    ]);
    if (message) {
      throw conflict(message);
    }
    await repo.deleteGrade(trx, id).catch(stillReferenced('grade'));
    await audit(trx, actor, 'grade.delete', 'grade', id, {
      title: current.title,
      sortOrder: current.sortOrder,
    });
  });
  await gradesChanged(db);
}
