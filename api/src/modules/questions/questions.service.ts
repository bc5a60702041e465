import type { Db } from '@riyazi/db';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { diff } from '../../lib/changes.js';
import type { Executor, Trx } from '../../lib/db.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { refuseIfPlayed } from '../../lib/in-use.js';
import { announceCacheChanges, everything } from '../../lib/node-caches.js';
import { pageOf } from '../../lib/paging.js';
import { stillReferenced } from '../../lib/pg-errors.js';
import { plainTextPreview, richTextPreview, sanitizeRichText } from '../../lib/rich-text.js';
import * as repo from './questions.repository.js';
import {
  OPTION_KEYS,
  type OptionDto,
  type QuestionBody,
  type QuestionDto,
  type QuestionListQuery,
  type QuestionRowDto,
  type QuestionStatus,
  type QuestionType,
} from './questions.schemas.js';

const TYPE_TO_DB = { MCQs: 'MCQS', 'Open Ended': 'OPEN_ENDED' } as const;
const TYPE_LABEL = { MCQS: 'MCQs', OPEN_ENDED: 'Open Ended' } as const satisfies Record<string, QuestionType>;
const STATUS_TO_DB = { Active: 'ACTIVE', Inactive: 'INACTIVE' } as const;
const STATUS_LABEL = { ACTIVE: 'Active', INACTIVE: 'Inactive' } as const satisfies Record<
  string,
  QuestionStatus
>;

/** Rich text that shows something: text, or an inline image the sanitiser kept. */
const hasContent = (html: string) => plainTextPreview(html, 1).length > 0 || /<img\s/i.test(html);

/** An Urdu part sanitised like its English one; null when it shows nothing (none written). */
const urduHtml = (html: string | null | undefined) => {
  const clean = sanitizeRichText(html ?? '');
  return hasContent(clean) ? clean : null;
};

const invalid = (errors: Record<string, string>) => {
  const [field, problem] = Object.entries(errors)[0]!;
  return new HttpError(400, `${field}: ${problem}`, { errors });
};

/** A form ready to write: sanitised values, options by position, distinct phases. */
export interface PreparedQuestion {
  values: {
    questionHtml: string;
    questionHtmlUr: string | null;
    questionImage: string | null;
    type: 'MCQS' | 'OPEN_ENDED';
    selectMultiple: boolean;
    tag: QuestionBody['tags'];
    gradeId: string;
    categoryId: string;
    subCategoryId: string;
    answerHintText: string;
    answerHintTextUr: string | null;
    answerHintImage: string | null;
    answerHintVideo: string | null;
    answerHintThumbnail: string | null;
    acceptedAnswers: string[];
    commentsInternal: string | null;
    status: 'ACTIVE' | 'INACTIVE';
  };
  options: repo.OptionValues[];
  phaseIds: string[];
}

export type QuestionCheck =
  | { ok: true; prepared: PreparedQuestion }
  | { ok: false; errors: Record<string, string> };

/**
 * The form, sanitised and checked across fields and references, without throwing: every bad
 * field with its problem, or the values to write. The form (create, update) and the spreadsheet
 * import both use it, so they accept exactly the same questions; the import passes a memoised
 * `references` so a thousand rows naming the same grade do not look it up a thousand times.
 */
export async function checkQuestion(
  db: Executor,
  body: QuestionBody,
  references: typeof repo.references = repo.references,
): Promise<QuestionCheck> {
  const errors: Record<string, string> = {};
  const questionHtml = sanitizeRichText(body.question);
  const answerHintText = sanitizeRichText(body.answerHintText);
  if (!hasContent(questionHtml)) {
    errors.question = 'is required';
  }
  if (!hasContent(answerHintText)) {
    errors.answerHintText = 'is required';
  }
  const type = TYPE_TO_DB[body.type];
  const options: repo.OptionValues[] = [];
  let acceptedAnswers: string[] = [];
  let selectMultiple = body.selectMultiple;
  if (type === 'MCQS') {
    OPTION_KEYS.forEach((key, index) => {
      const option = body[key];
      const textHtml = option ? sanitizeRichText(option.text) : '';
      const image = option?.image ?? null;
      if (!option || !(hasContent(textHtml) || image)) {
        errors[key] = 'needs text or an image';
        return;
      }
      options.push({
        position: index + 1,
        textHtml,
        textHtmlUr: urduHtml(option.textUrdu),
        image,
        isCorrect: option.isCorrect,
      });
    });
    const correct = OPTION_KEYS.filter((key) => body[key]?.isCorrect).length;
    if (selectMultiple && correct === 0) {
      errors.correctOptions ??= 'mark at least one option correct';
    } else if (!selectMultiple && correct !== 1) {
      errors.correctOptions ??= 'mark exactly one option correct';
    }
  } else {
    selectMultiple = false;
    acceptedAnswers = [...new Set(body.acceptedAnswers)];
    if (acceptedAnswers.length === 0) {
      errors.acceptedAnswers = 'add at least one accepted answer';
    }
  }
  const phaseIds = [...new Set(body.phaseIds)];
  const found = await references(db, { ...body, phaseIds });
  if (!found.grade) {
    errors.gradeId = 'the chosen grade does not exist';
  }
  if (!found.category) {
    errors.categoryId = 'the chosen category does not exist';
  }
  if (!found.subCategory) {
    errors.subCategoryId = 'the chosen sub category does not exist';
  } else if (found.subCategory.categoryId !== body.categoryId) {
    errors.subCategoryId = 'does not belong to the chosen category';
  }
  if (phaseIds.length === 0) {
    errors.phaseIds = 'choose at least one phase';
  } else if (phaseIds.some((id) => !found.phaseIds.has(id))) {
    errors.phaseIds = 'a chosen phase does not exist';
  }
  if (Object.keys(errors).length > 0) {
    return { ok: false, errors };
  }
  const values: PreparedQuestion['values'] = {
    questionHtml,
    questionHtmlUr: urduHtml(body.questionUrdu),
    questionImage: body.questionImage ?? null,
    type,
    selectMultiple,
    tag: body.tags,
    gradeId: body.gradeId,
    categoryId: body.categoryId,
    subCategoryId: body.subCategoryId,
    answerHintText,
    answerHintTextUr: urduHtml(body.answerHintTextUrdu),
    answerHintImage: body.answerHintImage ?? null,
    answerHintVideo: body.answerHintVideo ?? null,
    answerHintThumbnail: body.answerHintThumbnail ?? null,
    acceptedAnswers,
    commentsInternal: body.commentsForInternalPurpose ?? null,
    status: STATUS_TO_DB[body.status],
  };
  return { ok: true, prepared: { values, options, phaseIds } };
}

/** The form, sanitised and checked across fields; throws one 400 naming every bad field. */
async function prepare(trx: Trx, body: QuestionBody): Promise<PreparedQuestion> {
  const checked = await checkQuestion(trx, body);
  if (!checked.ok) {
    throw invalid(checked.errors);
  }
  return checked.prepared;
}

/** Writes a prepared question with its options and phases (no audit: the caller writes it). */
export async function insertPrepared(trx: Trx, createdBy: string, prepared: PreparedQuestion) {
  const row = await repo.insertQuestion(trx, { ...prepared.values, createdBy });
  await repo.replaceOptions(trx, row.id, prepared.options);
  await repo.replacePhases(trx, row.id, prepared.phaseIds);
  return { id: row.id, questionNo: Number(row.questionNo) };
}

function toRowDto(
  row: repo.QuestionListRow,
  phases: Map<string, { id: string; name: string }[]>,
  usage: Map<string, number>,
): QuestionRowDto {
  return {
    _id: row.id,
    questionNo: Number(row.questionNo),
    preview: plainTextPreview(row.questionHtml),
    previewHtml: richTextPreview(row.questionHtml),
    grade: { _id: row.gradeId, title: row.gradeTitle },
    category: { _id: row.categoryId, name: row.categoryName },
    subCategory: { _id: row.subCategoryId, name: row.subCategoryName },
    tag: row.tag,
    type: TYPE_LABEL[row.type],
    status: STATUS_LABEL[row.status],
    phases: (phases.get(row.id) ?? []).map((p) => ({ _id: p.id, name: p.name })),
    hasUrdu: row.questionHtmlUr !== null,
    usageCount: usage.get(row.id) ?? 0,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listQuestions(
  db: Db,
  { page, limit, id: _id, sort, dir, ...query }: QuestionListQuery,
) {
  const filter: repo.QuestionFilter = {
    ...query,
    type: query.type && TYPE_TO_DB[query.type],
    status: query.status && STATUS_TO_DB[query.status],
  };
  const result = await pageOf(
    { page, limit },
    (l, o) => repo.listQuestions(db, filter, { sort, dir }, l, o),
    () => repo.countQuestions(db, filter),
    (row) => row,
  );
  const ids = result.data.map((r) => r.id);
  const [phases, usage] = await Promise.all([repo.phasesOf(db, ids), repo.usageOf(db, ids)]);
  return { ...result, data: result.data.map((row) => toRowDto(row, phases, usage)) };
}

export async function getQuestion(db: Executor, id: string): Promise<QuestionDto> {
  const row = await repo.findQuestion(db, id);
  if (!row) {
    throw notFound('Question not found');
  }
  const [options, phases, usage] = await Promise.all([
    repo.optionsOf(db, id),
    repo.phasesOf(db, [id]),
    repo.usageOf(db, [id]),
  ]);
  const option = (position: number): OptionDto | null => {
    const found = options.find((o) => o.position === position);
    return found
      ? {
          _id: found.id,
          text: found.textHtml,
          textUrdu: found.textHtmlUr,
          image: found.image,
          isCorrect: found.isCorrect,
        }
      : null;
  };
  return {
    _id: row.id,
    questionNo: Number(row.questionNo),
    question: row.questionHtml,
    questionUrdu: row.questionHtmlUr,
    questionImage: row.questionImage,
    option1: option(1),
    option2: option(2),
    option3: option(3),
    option4: option(4),
    answerHintText: row.answerHintText,
    answerHintTextUrdu: row.answerHintTextUr,
    answerHintImage: row.answerHintImage,
    answerHintVideo: row.answerHintVideo,
    answerHintThumbnail: row.answerHintThumbnail,
    commentsForInternalPurpose: row.commentsInternal,
    categoryId: row.categoryId,
    subCategoryId: row.subCategoryId,
    gradeId: row.gradeId,
    type: TYPE_LABEL[row.type],
    selectMultiple: row.selectMultiple,
    tags: row.tag,
    score: Number(row.score),
    phaseIds: (phases.get(id) ?? []).map((p) => p.id),
    status: STATUS_LABEL[row.status],
    acceptedAnswers: row.acceptedAnswers,
    usageCount: usage.get(id) ?? 0,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * After the commit, on every node (cache bus): the question's served copy, every quiz pool (it may
 * now be eligible or not) and, when the type changed, the plays' structures that name it.
 */
const questionChanged = (db: Db, id: string, structure = false) =>
  announceCacheChanges(db, [
    { cache: 'questions', key: id },
    ...everything('quizPools', ...(structure ? (['playStructures'] as const) : [])),
  ]);

export async function createQuestion(db: Db, actor: Actor, body: QuestionBody): Promise<QuestionDto> {
  const id = await db.transaction().execute(async (trx) => {
    const prepared = await prepare(trx, body);
    const { values, phaseIds } = prepared;
    const { id } = await insertPrepared(trx, actor.id, prepared);
    await audit(trx, actor, 'question.create', 'question', id, {
      type: values.type,
      tag: values.tag,
      gradeId: values.gradeId,
      categoryId: values.categoryId,
      subCategoryId: values.subCategoryId,
      phaseIds,
      status: values.status,
    });
    return id;
  });
  await questionChanged(db, id);
  return getQuestion(db, id);
}

export async function updateQuestion(
  db: Db,
  actor: Actor,
  id: string,
  body: QuestionBody,
): Promise<QuestionDto> {
  const structureChanged = await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuestion(trx, id);
    if (!current) {
      throw notFound('Question not found');
    }
    const { values, options, phaseIds } = await prepare(trx, body);
    const { acceptedAnswers, ...scalars } = values;
    const { changes, set } = diff(current, scalars);
    const answersChanged = acceptedAnswers.join('\u0000') !== current.acceptedAnswers.join('\u0000');
    await repo.updateQuestion(trx, id, { ...set, acceptedAnswers });
    await repo.replaceOptions(trx, id, options);
    await repo.replacePhases(trx, id, phaseIds);
    await audit(trx, actor, 'question.update', 'question', id, {
      questionNo: Number(current.questionNo),
      // Rich text is long: name the changed fields, give values only for the short ones.
      changes: Object.fromEntries(
        Object.entries(changes).map(([key, change]) => [
          key,
          /Html(Ur)?$|^answerHintText/.test(key) ? 'changed' : change,
        ]),
      ),
      ...(answersChanged ? { acceptedAnswers: { from: current.acceptedAnswers, to: acceptedAnswers } } : {}),
      options: options.map((o) => ({ position: o.position, isCorrect: o.isCorrect })),
      phaseIds,
    });
    return 'type' in changes || 'selectMultiple' in changes;
  });
  await questionChanged(db, id, structureChanged);
  return getQuestion(db, id);
}

export async function setQuestionStatus(
  db: Db,
  actor: Actor,
  id: string,
  status: QuestionStatus,
): Promise<QuestionDto> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuestion(trx, id);
    if (!current) {
      throw notFound('Question not found');
    }
    const next = STATUS_TO_DB[status];
    if (current.status === next) {
      return;
    }
    await repo.updateQuestion(trx, id, { status: next });
    await audit(trx, actor, next === 'ACTIVE' ? 'question.activate' : 'question.deactivate', 'question', id, {
      questionNo: Number(current.questionNo),
      changes: { status: { from: current.status, to: next } },
    });
  });
  await questionChanged(db, id);
  return getQuestion(db, id);
}

export async function deleteQuestion(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const current = await repo.lockQuestion(trx, id);
    if (!current) {
      throw notFound('Question not found');
    }
    refuseIfPlayed('question', await repo.countPlays(trx, id));
    await repo.deleteQuestion(trx, id).catch(stillReferenced('question'));
    await audit(trx, actor, 'question.delete', 'question', id, {
      questionNo: Number(current.questionNo),
      preview: plainTextPreview(current.questionHtml),
    });
  });
  await questionChanged(db, id);
}
