import type { Db } from '@riyazi/db';
import {
  checkQuestion,
  insertPrepared,
  type PreparedQuestion,
  type QuestionBody,
  questionBody,
  references as referencesOf,
} from '#modules/questions';
import type {
  QuestionImportPreview,
  QuestionImportResult,
  QuestionImportRow,
} from '../../contracts/question-import.js';
import type { Actor } from '../../lib/actors.js';
import { writeAudit } from '../../lib/audit.js';
import type { Executor } from '../../lib/db.js';
import { HttpError } from '../../lib/errors.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { plainTextPreview, richTextPreview } from '../../lib/rich-text.js';
import { cellToRichText, nameKey, parseCorrect, parseYesNo, splitList } from './question-import.cells.js';
import { type Column, readSheet, type SheetRow } from './question-import.parse.js';
import { allNames } from './question-import.repository.js';

/** Ids that never exist: a name that matched nothing still goes through the form's checks. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** The form's field names as the spreadsheet's columns, so every problem names a column. */
const FIELD_TO_COLUMN: Record<string, Column> = {
  gradeId: 'grade',
  categoryId: 'category',
  subCategoryId: 'subCategory',
  phaseIds: 'phases',
  correctOptions: 'correct',
};
const columnOf = (field: string) => FIELD_TO_COLUMN[field] ?? field;

interface Named {
  id: string;
  name: string;
}

/** Every grade, category, sub category and phase by its matching key. */
async function loadNames(db: Executor) {
  const [grades, categories, subCategories, phases] = await allNames(db);
  const byName = <T extends Named>(rows: T[]) => {
    const map = new Map<string, T[]>();
    for (const row of rows) {
      const key = nameKey(row.name);
      map.set(key, [...(map.get(key) ?? []), row]);
    }
    return map;
  };
  return {
    grades: byName(grades),
    categories: byName(categories),
    subCategories: byName(subCategories),
    phases: byName(phases),
    categoryName: new Map(categories.map((c) => [c.id, c.name])),
  };
}
type Names = Awaited<ReturnType<typeof loadNames>>;

const STATUSES: Record<string, QuestionBody['status']> = {
  '': 'Active',
  active: 'Active',
  inactive: 'Inactive',
};
const TYPES: Record<string, QuestionBody['type']> = {
  mcq: 'MCQs',
  mcqs: 'MCQs',
  openended: 'Open Ended',
};

/** Grade, category, sub category and phases by name; a name that matches nothing is a problem of its column. */
function pickReferences(cells: SheetRow['cells'], names: Names, errors: Record<string, string>) {
  const pick = (column: Column, map: Map<string, Named[]>, what: string): string => {
    const cell = cells[column].trim();
    if (cell === '') {
      errors[column] = 'is required';
      return NO_ID;
    }
    const found = map.get(nameKey(cell)) ?? [];
    if (found.length !== 1) {
      errors[column] =
        found.length === 0 ? `no ${what} named "${cell}"` : `more than one ${what} is named "${cell}"`;
      return NO_ID;
    }
    return found[0]!.id;
  };
  const gradeId = pick('grade', names.grades, 'grade');
  const categoryId = pick('category', names.categories, 'category');

  let subCategoryId = NO_ID;
  const subCell = cells.subCategory.trim();
  if (subCell === '') {
    errors.subCategory = 'is required';
  } else {
    const candidates = names.subCategories.get(nameKey(subCell)) ?? [];
    const inCategory = candidates.find((s) => s.categoryId === categoryId);
    if (inCategory) {
      subCategoryId = inCategory.id;
    } else if (candidates.length === 0) {
      errors.subCategory = `no sub category named "${subCell}"`;
    } else if (categoryId !== NO_ID) {
      errors.subCategory = `"${subCell}" is not a sub category of "${names.categoryName.get(categoryId)}"`;
    } else {
      subCategoryId = candidates[0]!.id;
    }
  }

  const phaseIds: string[] = [];
  const unknownPhases: string[] = [];
  for (const phase of splitList(cells.phases)) {
    const found = names.phases.get(nameKey(phase)) ?? [];
    if (found.length === 1) {
      phaseIds.push(found[0]!.id);
    } else {
      unknownPhases.push(phase);
    }
  }
  if (unknownPhases.length > 0) {
    errors.phases = `no phase named ${unknownPhases.map((p) => `"${p}"`).join(', ')}`;
  }
  return { gradeId, categoryId, subCategoryId, phaseIds };
}

/** One row as the form's body, plus the problems found while reading its cells. */
function toBody(cells: SheetRow['cells'], names: Names) {
  const errors: Record<string, string> = {};
  const references = pickReferences(cells, names, errors);

  const typeCell = cells.type.trim();
  const type = TYPES[nameKey(typeCell).replace(/[^a-z]/g, '')] ?? typeCell;
  const selectMultiple = parseYesNo(cells.selectMultiple, false);
  if (selectMultiple === undefined) {
    errors.selectMultiple = 'must be Yes or No';
  }
  const correct = type === 'MCQs' ? parseCorrect(cells.correct) : [];
  if (correct === undefined) {
    errors.correct = 'must be option letters A–D, e.g. "B" or "A,C"';
  }
  const option = (position: number) => {
    const key = `option${position}` as Column;
    const text = cellToRichText(cells[key]);
    const isCorrect = correct?.includes(position) ?? false;
    return text === '' && !isCorrect ? undefined : { text, image: null, isCorrect };
  };
  const body = {
    question: cellToRichText(cells.question),
    option1: option(1),
    option2: option(2),
    option3: option(3),
    option4: option(4),
    answerHintText: cellToRichText(cells.answerHintText),
    answerHintVideo: cells.answerHintVideo.trim() || null,
    commentsForInternalPurpose: cells.commentsForInternalPurpose,
    ...references,
    type,
    selectMultiple: selectMultiple ?? false,
    tags: cells.tags.trim().toUpperCase(),
    status: STATUSES[nameKey(cells.status)] ?? cells.status,
    acceptedAnswers: type === 'Open Ended' ? splitList(cells.acceptedAnswers) : [],
  };
  return { body, errors };
}

interface CheckedRow extends QuestionImportRow {
  prepared?: PreparedQuestion;
}

type References = NonNullable<Parameters<typeof checkQuestion>[2]>;

/** The same reference lookup (and share locks) as the form, once per distinct set of ids. */
function memoisedReferences(): References {
  const seen = new Map<string, ReturnType<References>>();
  return (db, ids) => {
    const key = [ids.gradeId, ids.categoryId, ids.subCategoryId, ...ids.phaseIds].join(',');
    let found = seen.get(key);
    if (!found) {
      found = referencesOf(db, ids);
      seen.set(key, found);
    }
    return found;
  };
}

/** One row through the form's own schema and checks; problems named by column. */
async function checkRow(
  db: Executor,
  row: SheetRow,
  names: Names,
  references: References,
): Promise<CheckedRow> {
  const { body, errors: cellErrors } = toBody(row.cells, names);
  const preview = plainTextPreview(body.question) || plainTextPreview(row.cells.question);
  const previewHtml = richTextPreview(body.question);
  const errors: Record<string, string> = {};
  const parsed = questionBody.safeParse(body);
  let prepared: PreparedQuestion | undefined;
  if (parsed.success) {
    const checked = await checkQuestion(db, parsed.data, references);
    if (checked.ok) {
      prepared = checked.prepared;
    } else {
      for (const [field, problem] of Object.entries(checked.errors)) {
        errors[columnOf(field)] ??= problem;
      }
    }
  } else {
    for (const issue of parsed.error.issues) {
      errors[columnOf(String(issue.path[0] ?? 'question'))] ??= issue.message;
    }
  }
  // What the cells said is more precise than the form's message about a placeholder id.
  Object.assign(errors, cellErrors);
  const ok = Object.keys(errors).length === 0;
  return { rowNumber: row.rowNumber, preview, previewHtml, ok, errors, ...(ok ? { prepared } : {}) };
}

async function checkSheet(db: Executor, bytes: Buffer) {
  const { rows } = await readSheet(bytes);
  const names = await loadNames(db);
  const references = memoisedReferences();
  const checked: CheckedRow[] = [];
  for (const row of rows) {
    checked.push(await checkRow(db, row, names, references));
  }
  return checked;
}

const summary = (rows: CheckedRow[]): QuestionImportPreview => {
  const valid = rows.filter((r) => r.ok).length;
  return {
    rows: rows.map(({ prepared: _prepared, ...row }) => row),
    total: rows.length,
    valid,
    invalid: rows.length - valid,
  };
};

/** Reads and checks every row; nothing is saved. */
export async function previewImport(db: Db, bytes: Buffer): Promise<QuestionImportPreview> {
  return summary(await checkSheet(db, bytes));
}

/** Checks the same file again and saves every row in one transaction, or none when any row is bad. */
export async function commitImport(db: Db, actor: Actor, bytes: Buffer): Promise<QuestionImportResult> {
  const result = await db.transaction().execute(async (trx) => {
    const rows = await checkSheet(trx, bytes);
    const bad = rows.filter((r) => !r.ok);
    if (bad.length > 0) {
      const numbers = bad.map((r) => r.rowNumber);
      const listed =
        numbers.length > 20
          ? `${numbers.slice(0, 20).join(', ')} and ${numbers.length - 20} more`
          : numbers.join(', ');
      throw new HttpError(
        400,
        `Nothing was imported: fix row${bad.length === 1 ? '' : 's'} ${listed} and upload the file again`,
        {
          errors: Object.fromEntries(
            bad.map((r) => [
              `row${r.rowNumber}`,
              Object.entries(r.errors)
                .map(([f, p]) => `${f}: ${p}`)
                .join('; '),
            ]),
          ),
        },
      );
    }
    const questionNos: number[] = [];
    for (const row of rows) {
      const { questionNo } = await insertPrepared(trx, actor.id, row.prepared!);
      questionNos.push(questionNo);
    }
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: actor.id,
      action: 'question.import',
      targetType: 'question',
      ip: actor.ip,
      details: { count: questionNos.length, questionNos },
    });
    return { created: questionNos.length, questionNos };
  });
  // New questions may join any quiz's pool: every node drops its pools.
  await announceCacheChanges(db, everything('quizPools'));
  return result;
}
