import { z } from 'zod';
import { QUESTION_SORT_DEFAULT, QUESTION_SORTS } from '../../contracts/list-sort.js';
import { idOf, limitParam, pageParam, sortParams } from '../../lib/schemas.js';

/** Labels of the form and the list; the database stores MCQS/OPEN_ENDED and ACTIVE/INACTIVE. */
export const QUESTION_TYPES = ['MCQs', 'Open Ended'] as const;
export const QUESTION_STATUSES = ['Active', 'Inactive'] as const;
export const QUESTION_TAGS = ['PRACTICE', 'CONTEST', 'BOTH'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export type QuestionTag = (typeof QUESTION_TAGS)[number];
export const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4'] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

const UPLOAD_PATH = /^\/uploads\/(?!.*\.\.)[A-Za-z0-9._~\-/]+$/;

function isUrl(value: string, protocols: readonly string[]) {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** '' and null both mean "no file"; anything else must be an http(s) URL or an /uploads/… path. */
const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const asset = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .refine((v) => UPLOAD_PATH.test(v) || isUrl(v, ['http:', 'https:']), {
      message: 'must be an http(s) URL or an /uploads/ path',
    })
    .nullable()
    .optional(),
);
const httpsUrl = z.preprocess(
  emptyToNull,
  z
    .string()
    .trim()
    .max(2000, 'must be at most 2000 characters')
    .refine((v) => isUrl(v, ['https:']), { message: 'must be an https URL' })
    .nullable()
    .optional(),
);
const richText = (max: number) =>
  z.string({ message: 'is required' }).max(max, `must be at most ${max} characters`);

/** Urdu beside the English: optional, '' or null meaning none (the English is shown instead). */
const urduText = (max: number) => richText(max).nullable().optional();

const option = z.object({
  text: richText(5000).default(''),
  textUrdu: urduText(5000),
  image: asset,
  isCorrect: z.boolean({ message: 'must be true or false' }).default(false),
});
export type OptionInput = z.output<typeof option>;

export const questionBody = z.object({
  question: richText(20000),
  questionUrdu: urduText(20000),
  questionImage: asset,
  option1: option.optional(),
  option2: option.optional(),
  option3: option.optional(),
  option4: option.optional(),
  answerHintText: richText(20000),
  answerHintTextUrdu: urduText(20000),
  answerHintImage: asset,
  answerHintVideo: httpsUrl,
  answerHintThumbnail: asset,
  commentsForInternalPurpose: z.preprocess(
    emptyToNull,
    z.string().trim().max(5000, 'must be at most 5000 characters').nullable().optional(),
  ),
  categoryId: idOf('category'),
  subCategoryId: idOf('sub category'),
  gradeId: idOf('grade'),
  type: z.enum(QUESTION_TYPES, { message: 'must be MCQs or Open Ended' }),
  selectMultiple: z.boolean({ message: 'must be true or false' }).default(false),
  tags: z.enum(QUESTION_TAGS, { message: 'must be PRACTICE, CONTEST or BOTH' }),
  phaseIds: z.array(idOf('phase'), { message: 'must be a list of phases' }).max(20, 'at most 20 phases'),
  status: z.enum(QUESTION_STATUSES, { message: 'must be Active or Inactive' }).default('Active'),
  acceptedAnswers: z
    .array(z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters'), {
      message: 'must be a list of answers',
    })
    .max(20, 'at most 20 accepted answers')
    .default([]),
  // score is read-only (always 1): a sent value is dropped with the other unknown keys.
});
export type QuestionBody = z.output<typeof questionBody>;

export const statusBody = z.object({
  status: z.enum(QUESTION_STATUSES, { message: 'must be Active or Inactive' }),
});

export const questionListQuery = z.object({
  id: idOf('question').optional(),
  page: pageParam,
  limit: limitParam(100, 50),
  search: z.string().trim().max(100).optional(),
  gradeId: idOf('grade').optional(),
  phaseId: idOf('phase').optional(),
  categoryId: idOf('category').optional(),
  subCategoryId: idOf('sub category').optional(),
  tag: z.enum(QUESTION_TAGS, { message: 'must be PRACTICE, CONTEST or BOTH' }).optional(),
  type: z.enum(QUESTION_TYPES, { message: 'must be MCQs or Open Ended' }).optional(),
  status: z.enum(QUESTION_STATUSES, { message: 'must be Active or Inactive' }).optional(),
  ...sortParams(QUESTION_SORTS, QUESTION_SORT_DEFAULT),
});
export type QuestionListQuery = z.output<typeof questionListQuery>;

const gradeRef = z.object({ _id: z.string(), title: z.string() });
const nameRef = z.object({ _id: z.string(), name: z.string() });

export const questionRowSchema = z.object({
  _id: z.string(),
  questionNo: z.number(),
  preview: z.string(),
  /** The preview with formulas kept as `span.math-inline` for KaTeX (text escaped, nothing else). */
  previewHtml: z.string(),
  grade: gradeRef,
  category: nameRef,
  subCategory: nameRef,
  tag: z.enum(QUESTION_TAGS),
  type: z.enum(QUESTION_TYPES),
  status: z.enum(QUESTION_STATUSES),
  phases: z.array(nameRef),
  /** The question has an Urdu text (its stem at least). */
  hasUrdu: z.boolean(),
  usageCount: z.number(),
  updatedAt: z.string(),
});
export type QuestionRowDto = z.output<typeof questionRowSchema>;

const optionOut = z.object({
  _id: z.string(),
  text: z.string(),
  textUrdu: z.string().nullable(),
  image: z.string().nullable(),
  isCorrect: z.boolean(),
});
export type OptionDto = z.output<typeof optionOut>;

export const questionSchema = z.object({
  _id: z.string(),
  questionNo: z.number(),
  question: z.string(),
  questionUrdu: z.string().nullable(),
  questionImage: z.string().nullable(),
  option1: optionOut.nullable(),
  option2: optionOut.nullable(),
  option3: optionOut.nullable(),
  option4: optionOut.nullable(),
  answerHintText: z.string(),
  answerHintTextUrdu: z.string().nullable(),
  answerHintImage: z.string().nullable(),
  answerHintVideo: z.string().nullable(),
  answerHintThumbnail: z.string().nullable(),
  commentsForInternalPurpose: z.string().nullable(),
  categoryId: z.string(),
  subCategoryId: z.string(),
  gradeId: z.string(),
  type: z.enum(QUESTION_TYPES),
  selectMultiple: z.boolean(),
  tags: z.enum(QUESTION_TAGS),
  score: z.number(),
  phaseIds: z.array(z.string()),
  status: z.enum(QUESTION_STATUSES),
  acceptedAnswers: z.array(z.string()),
  usageCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuestionDto = z.output<typeof questionSchema>;

/** Spec §3 "Question as served" (see served-question.ts). */
export const servedQuestionSchema = z.object({
  _id: z.string(),
  questionId: z.string(),
  question: z.string(),
  questionImage: z.string().nullable(),
  type: z.enum(QUESTION_TYPES),
  questionOptions: z.array(
    z.object({ _id: z.string(), letter: z.string(), text: z.string(), image: z.string().nullable() }),
  ),
  correctAnswerList: z.array(z.string()),
  acceptedAnswers: z.array(z.string()),
  selectMultiple: z.boolean(),
  answerHintText: z.string(),
  answerHintImage: z.string().nullable(),
  answerHintVideo: z.string().nullable(),
  answerHintThumbnail: z.string().nullable(),
  urdu: z
    .object({
      question: z.string().nullable(),
      questionOptions: z.array(z.object({ _id: z.string(), text: z.string().nullable() })),
      answerHintText: z.string().nullable(),
    })
    .nullable()
    .optional(),
});
