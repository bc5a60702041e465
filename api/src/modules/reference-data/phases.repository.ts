import { countOf, type Executor, escapeLike, type Trx } from '../../lib/db.js';
import type { PhaseStatus } from './reference-data.schemas.js';

export interface PhaseFilter {
  search?: string;
}

const COLUMNS = ['id', 'name', 'number', 'startsAt', 'endsAt', 'status', 'createdAt'] as const;

export interface PhaseValues {
  name: string;
  number: number;
  startsAt: Date;
  endsAt: Date;
  status: PhaseStatus;
}

/** Set with the status by the contest lifecycle (#modules/phases), never by the form. */
export interface PhaseLifecycleValues {
  closedAt?: Date | null;
  resultsReleaseAt?: Date | null;
}

function filtered(db: Executor, { search }: PhaseFilter) {
  let query = db.selectFrom('phases');
  if (search) {
    query = query.where('name', 'ilike', `%${escapeLike(search)}%`);
  }
  return query;
}

export const listPhases = (db: Executor, filter: PhaseFilter, limit: number, offset: number) =>
  filtered(db, filter).select(COLUMNS).orderBy('number').limit(limit).offset(offset).execute();

export const countPhases = (db: Executor, filter: PhaseFilter) =>
  countOf(filtered(db, filter).select((eb) => eb.fn.countAll<string>().as('count')));

export const findPhase = (db: Executor, id: string) =>
  db.selectFrom('phases').select(COLUMNS).where('id', '=', id).executeTakeFirst();

export type PhaseRow = NonNullable<Awaited<ReturnType<typeof findPhase>>>;

export const lockPhase = (trx: Trx, id: string) =>
  trx.selectFrom('phases').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();

export const insertPhase = (trx: Trx, values: PhaseValues & PhaseLifecycleValues) =>
  trx.insertInto('phases').values(values).returning('id').executeTakeFirstOrThrow();

export const updatePhase = (trx: Trx, id: string, set: Partial<PhaseValues> & PhaseLifecycleValues) =>
  trx
    .updateTable('phases')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();

export const deletePhase = (trx: Trx, id: string) => trx.deleteFrom('phases').where('id', '=', id).execute();

export async function phaseUsage(db: Executor, id: string) {
  const questions = await countOf(
    db
      .selectFrom('questionPhases')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('phaseId', '=', id),
  );
  const quizzes = await countOf(
    db
      .selectFrom('quizzes')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('phaseId', '=', id),
  );
  const plays = await countOf(
    db
      .selectFrom('plays')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('phaseId', '=', id),
  );
  return { questions, quizzes, plays };
}
