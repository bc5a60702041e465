import type { Executor, Trx } from '../../lib/db.js';

const GROUP_COLUMNS = ['id', 'title', 'position'] as const;
const ENTRY_COLUMNS = [
  'id',
  'groupId',
  'question',
  'answerHtml',
  'isPublished',
  'position',
  'updatedAt',
] as const;

export interface EntryValues {
  groupId: string;
  question: string;
  answerHtml: string;
  isPublished: boolean;
}

/** Groups in page order (position, then id where positions tie). */
const groups = (db: Executor) =>
  db.selectFrom('faqGroups').select(GROUP_COLUMNS).orderBy('position').orderBy('id');
/** Questions in their group's order. */
const entries = (db: Executor) =>
  db.selectFrom('faqEntries').select(ENTRY_COLUMNS).orderBy('position').orderBy('id');

export const listGroups = (db: Executor) => groups(db).execute();

export function listEntries(db: Executor, publishedOnly: boolean) {
  return (publishedOnly ? entries(db).where('isPublished', '=', true) : entries(db)).execute();
}

export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** Every group, FOR UPDATE: a move or an insert sees the order no one else is changing. */
export const lockGroups = (trx: Trx) => groups(trx).forUpdate().execute();

/** The entries of one group in order, FOR UPDATE (the group row is locked first by the caller). */
export const lockEntriesOfGroup = (trx: Trx, groupId: string) =>
  entries(trx).where('groupId', '=', groupId).forUpdate().execute();

export const lockGroup = (trx: Trx, id: string) =>
  groups(trx).where('id', '=', id).forUpdate().executeTakeFirst();

export const lockEntry = (trx: Trx, id: string) =>
  entries(trx).where('id', '=', id).forUpdate().executeTakeFirst();

export function insertGroup(trx: Trx, title: string, position: number) {
  return trx.insertInto('faqGroups').values({ title, position }).returning('id').executeTakeFirstOrThrow();
}

export function updateGroup(trx: Trx, id: string, changes: { title?: string; position?: number }) {
  return trx
    .updateTable('faqGroups')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export function deleteGroup(trx: Trx, id: string) {
  return trx.deleteFrom('faqGroups').where('id', '=', id).execute();
}

export async function countEntriesOfGroup(db: Executor, groupId: string): Promise<number> {
  const row = await db
    .selectFrom('faqEntries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('groupId', '=', groupId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function insertEntry(trx: Trx, values: EntryValues & { position: number; createdBy: string }) {
  return trx.insertInto('faqEntries').values(values).returning('id').executeTakeFirstOrThrow();
}

export function updateEntry(trx: Trx, id: string, changes: Partial<EntryValues> & { position?: number }) {
  return trx
    .updateTable('faqEntries')
    .set({ ...changes, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Only the order changed: the answer's updatedAt stays. */
export function setEntryPosition(trx: Trx, id: string, position: number) {
  return trx.updateTable('faqEntries').set({ position }).where('id', '=', id).execute();
}

export function setGroupPosition(trx: Trx, id: string, position: number) {
  return trx.updateTable('faqGroups').set({ position }).where('id', '=', id).execute();
}

export function deleteEntry(trx: Trx, id: string) {
  return trx.deleteFrom('faqEntries').where('id', '=', id).execute();
}
