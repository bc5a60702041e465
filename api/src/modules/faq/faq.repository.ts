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

export function listGroups(db: Executor) {
  return db.selectFrom('faqGroups').select(GROUP_COLUMNS).orderBy('position').orderBy('id').execute();
}

export function listEntries(db: Executor, publishedOnly: boolean) {
  let query = db.selectFrom('faqEntries').select(ENTRY_COLUMNS);
  if (publishedOnly) {
    query = query.where('isPublished', '=', true);
  }
  return query.orderBy('position').orderBy('id').execute();
}

export type GroupRow = Awaited<ReturnType<typeof listGroups>>[number];
export type EntryRow = Awaited<ReturnType<typeof listEntries>>[number];

/** Every group, FOR UPDATE: a move or an insert sees the order no one else is changing. */
export function lockGroups(trx: Trx) {
  return trx
    .selectFrom('faqGroups')
    .select(GROUP_COLUMNS)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** The entries of one group in order, FOR UPDATE (the group row is locked first by the caller). */
export function lockEntriesOfGroup(trx: Trx, groupId: string) {
  return trx
    .selectFrom('faqEntries')
    .select(ENTRY_COLUMNS)
    .where('groupId', '=', groupId)
    .orderBy('position')
    .orderBy('id')
    .forUpdate()
    .execute();
}

export function lockGroup(trx: Trx, id: string) {
  return trx
    .selectFrom('faqGroups')
    .select(GROUP_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function lockEntry(trx: Trx, id: string) {
  return trx
    .selectFrom('faqEntries')
    .select(ENTRY_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

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
