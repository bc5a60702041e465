import type { Db } from '@riyazi/db';
import { type FaqEntry, type FaqGroup, faqSlugs, type PublicFaqGroup } from '../../contracts/faq.js';
import type { ListMove } from '../../contracts/list-sort.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, fieldError, notFound } from '../../lib/errors.js';
import { typesetMathCache } from '../../lib/math-markup.js';
import { nextPosition, swapWithNeighbour } from '../../lib/positions.js';
import { plainTextPreview, sanitizeRichText } from '../../lib/rich-text.js';
import * as repo from './faq.repository.js';
import type { EntryBody, EntryChanges } from './faq.schemas.js';

const GROUP_NOT_FOUND = 'FAQ group not found';
const ENTRY_NOT_FOUND = 'FAQ question not found';
const typeset = typesetMathCache(500);

/** Groups in order, each with its entries in order; anchors are numbered across the whole page. */
function grouped(groups: repo.GroupRow[], entries: repo.EntryRow[]) {
  const byGroup = new Map(groups.map((g) => [g.id, [] as repo.EntryRow[]]));
  for (const entry of entries) {
    byGroup.get(entry.groupId)?.push(entry);
  }
  const ordered = groups.map((group) => ({ group, entries: byGroup.get(group.id) ?? [] }));
  const slugs = faqSlugs(ordered.flatMap(({ entries: list }) => list.map((e) => e.question)));
  let next = 0;
  return ordered.map(({ group, entries: list }) => ({
    group,
    entries: list.map((entry) => ({ entry, slug: slugs[next++] ?? 'answer' })),
  }));
}

const entryDto = (entry: repo.EntryRow, slug: string): FaqEntry => ({
  _id: entry.id,
  groupId: entry.groupId,
  question: entry.question,
  answer: entry.answerHtml,
  isPublished: entry.isPublished,
  position: entry.position,
  slug,
  updatedAt: entry.updatedAt.toISOString(),
});

export async function adminFaq(db: Db): Promise<FaqGroup[]> {
  const [groups, entries] = await Promise.all([repo.listGroups(db), repo.listEntries(db, false)]);
  return grouped(groups, entries).map(({ group, entries: list }) => ({
    _id: group.id,
    title: group.title,
    position: group.position,
    entries: list.map(({ entry, slug }) => entryDto(entry, slug)),
  }));
}

/** Published answers only; a group with none is left out. */
export async function publicFaq(db: Db): Promise<PublicFaqGroup[]> {
  const [groups, entries] = await Promise.all([repo.listGroups(db), repo.listEntries(db, true)]);
  return grouped(groups, entries)
    .filter(({ entries: list }) => list.length > 0)
    .map(({ group, entries: list }) => ({
      _id: group.id,
      title: group.title,
      entries: list.map(({ entry, slug }) => ({
        _id: entry.id,
        question: entry.question,
        answer: typeset(entry.answerHtml),
        slug,
      })),
    }));
}

async function findGroup(db: Db, id: string): Promise<FaqGroup> {
  const group = (await adminFaq(db)).find((g) => g._id === id);
  if (!group) {
    throw notFound(GROUP_NOT_FOUND);
  }
  return group;
}

async function findEntry(db: Db, id: string): Promise<FaqEntry> {
  const entry = (await adminFaq(db)).flatMap((g) => g.entries).find((e) => e._id === id);
  if (!entry) {
    throw notFound(ENTRY_NOT_FOUND);
  }
  return entry;
}

export async function createGroup(db: Db, actor: Actor, title: string): Promise<FaqGroup> {
  const id = await db.transaction().execute(async (trx) => {
    const groups = await repo.lockGroups(trx);
    const created = await repo.insertGroup(trx, title, nextPosition(groups));
    await audit(trx, actor, 'faq.group.create', 'faqGroup', created.id, { title });
    return created.id;
  });
  return findGroup(db, id);
}

export async function renameGroup(db: Db, actor: Actor, id: string, title: string): Promise<FaqGroup> {
  await db.transaction().execute(async (trx) => {
    const group = await repo.lockGroup(trx, id);
    if (!group) {
      throw notFound(GROUP_NOT_FOUND);
    }
    if (group.title === title) {
      return;
    }
    await repo.updateGroup(trx, id, { title });
    await audit(trx, actor, 'faq.group.update', 'faqGroup', id, { title: { from: group.title, to: title } });
  });
  return findGroup(db, id);
}

export async function deleteGroup(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const group = await repo.lockGroup(trx, id);
    if (!group) {
      throw notFound(GROUP_NOT_FOUND);
    }
    if ((await repo.countEntriesOfGroup(trx, id)) > 0) {
      throw conflict('This group still has questions; move or delete them first.');
    }
    await repo.deleteGroup(trx, id);
    await audit(trx, actor, 'faq.group.delete', 'faqGroup', id, { title: group.title });
  });
}

export async function moveGroup(db: Db, actor: Actor, id: string, direction: ListMove): Promise<FaqGroup> {
  await db.transaction().execute(async (trx) => {
    const groups = await repo.lockGroups(trx);
    const group = groups.find((g) => g.id === id);
    if (!group) {
      throw notFound(GROUP_NOT_FOUND);
    }
    if (await swapWithNeighbour(groups, id, direction, (gid, p) => repo.setGroupPosition(trx, gid, p))) {
      await audit(trx, actor, 'faq.group.move', 'faqGroup', id, { title: group.title, direction });
    }
  });
  return findGroup(db, id);
}

function cleanAnswer(html: string): string {
  const clean = sanitizeRichText(html).trim();
  // A picture or a formula is an answer too; only markup with nothing in it is empty.
  if (plainTextPreview(clean) === '' && !/<img|class="math-/.test(clean)) {
    throw fieldError('answer', 'is required');
  }
  return clean;
}

async function lockExistingGroup(trx: Trx, groupId: string) {
  const group = await repo.lockGroup(trx, groupId);
  if (!group) {
    throw fieldError('groupId', 'names a group that does not exist');
  }
  return group;
}

export async function createEntry(db: Db, actor: Actor, body: EntryBody): Promise<FaqEntry> {
  const answerHtml = cleanAnswer(body.answer);
  const id = await db.transaction().execute(async (trx) => {
    await lockExistingGroup(trx, body.groupId);
    const siblings = await repo.lockEntriesOfGroup(trx, body.groupId);
    const created = await repo.insertEntry(trx, {
      groupId: body.groupId,
      question: body.question,
      answerHtml,
      isPublished: body.isPublished,
      position: nextPosition(siblings),
      createdBy: actor.id,
    });
    await audit(trx, actor, 'faq.entry.create', 'faqEntry', created.id, {
      question: body.question,
      groupId: body.groupId,
      isPublished: body.isPublished,
    });
    return created.id;
  });
  return findEntry(db, id);
}

export async function updateEntry(
  db: Db,
  actor: Actor,
  id: string,
  changes: EntryChanges,
): Promise<FaqEntry> {
  const answerHtml = changes.answer === undefined ? undefined : cleanAnswer(changes.answer);
  await db.transaction().execute(async (trx) => {
    const entry = await repo.lockEntry(trx, id);
    if (!entry) {
      throw notFound(ENTRY_NOT_FOUND);
    }
    const set: Parameters<typeof repo.updateEntry>[2] = {};
    const diff: Record<string, unknown> = {};
    if (changes.question !== undefined && changes.question !== entry.question) {
      set.question = changes.question;
      diff.question = { from: entry.question, to: changes.question };
    }
    if (answerHtml !== undefined && answerHtml !== entry.answerHtml) {
      set.answerHtml = answerHtml;
      diff.answer = 'changed';
    }
    if (changes.isPublished !== undefined && changes.isPublished !== entry.isPublished) {
      set.isPublished = changes.isPublished;
      diff.isPublished = { from: entry.isPublished, to: changes.isPublished };
    }
    if (changes.groupId !== undefined && changes.groupId !== entry.groupId) {
      await lockExistingGroup(trx, changes.groupId);
      // Moved to another group: it goes to the end of that group.
      set.groupId = changes.groupId;
      set.position = nextPosition(await repo.lockEntriesOfGroup(trx, changes.groupId));
      diff.groupId = { from: entry.groupId, to: changes.groupId };
    }
    if (Object.keys(diff).length === 0) {
      return;
    }
    await repo.updateEntry(trx, id, set);
    const action =
      Object.keys(diff).length === 1 && 'isPublished' in diff ? publishAction(set) : 'faq.entry.update';
    await audit(trx, actor, action, 'faqEntry', id, {
      question: set.question ?? entry.question,
      changes: diff,
    });
  });
  return findEntry(db, id);
}

const publishAction = (set: { isPublished?: boolean }) =>
  set.isPublished ? 'faq.entry.publish' : 'faq.entry.unpublish';

export async function moveEntry(db: Db, actor: Actor, id: string, direction: ListMove): Promise<FaqEntry> {
  await db.transaction().execute(async (trx) => {
    const entry = await repo.lockEntry(trx, id);
    if (!entry) {
      throw notFound(ENTRY_NOT_FOUND);
    }
    await repo.lockGroup(trx, entry.groupId);
    const siblings = await repo.lockEntriesOfGroup(trx, entry.groupId);
    if (await swapWithNeighbour(siblings, id, direction, (eid, p) => repo.setEntryPosition(trx, eid, p))) {
      await audit(trx, actor, 'faq.entry.move', 'faqEntry', id, { question: entry.question, direction });
    }
  });
  return findEntry(db, id);
}

export async function deleteEntry(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await repo.lockEntry(trx, id);
    if (!entry) {
      throw notFound(ENTRY_NOT_FOUND);
    }
    await repo.deleteEntry(trx, id);
    await audit(trx, actor, 'faq.entry.delete', 'faqEntry', id, { question: entry.question });
  });
}
