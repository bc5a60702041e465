import { z } from 'zod';
import { QUIZ_SORT_DEFAULT, QUIZ_SORTS } from '../../contracts/list-sort.js';
import { idOf, limitParam, pageParam, sortParams } from '../../lib/schemas.js';

export const QUIZ_KINDS = ['PRACTICE', 'CONTEST'] as const;
export const QUIZ_STATUSES = ['Active', 'Inactive'] as const;
export const POOL_MODES = ['RULES', 'QUESTIONS'] as const;
export type QuizStatus = (typeof QUIZ_STATUSES)[number];

const whole = (min: number, max: number) =>
  z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const when = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .transform((v) => new Date(v))
  .nullable()
  .optional();
const kind = z.enum(QUIZ_KINDS, { message: 'must be PRACTICE or CONTEST' });

export const ruleInput = z.object({
  categoryId: idOf('category').nullable().default(null),
  subCategoryId: idOf('sub category').nullable().default(null),
  questionCount: whole(1, 100),
});
export type RuleInput = z.output<typeof ruleInput>;

/** What decides the pool: the pool check takes just this, so a half-filled form can be checked. */
const poolFields = {
  kind,
  gradeIds: z.array(idOf('grade'), { message: 'must be a list of grades' }).max(20, 'at most 20 grades'),
  phaseId: idOf('phase'),
  questionCount: whole(1, 100).default(15),
  poolMode: z.enum(POOL_MODES, { message: 'must be RULES or QUESTIONS' }).default('RULES'),
  rules: z.array(ruleInput, { message: 'must be a list of rules' }).max(50, 'at most 50 rules').default([]),
  questionIds: z
    .array(idOf('question'), { message: 'must be a list of questions' })
    .max(2000, 'at most 2000 questions')
    .default([]),
};

export const poolCheckBody = z.object(poolFields);
export type PoolCheckBody = z.output<typeof poolCheckBody>;

export const quizBody = z.object({
  ...poolFields,
  title: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(160, 'must be at most 160 characters'),
  secondsPerQuestion: whole(10, 3600).default(180),
  /** Defaults by kind: 2 for a contest, 100 (no limit) for practice. */
  attemptsAllowed: whole(1, 100).optional(),
  opensAt: when,
  closesAt: when,
  status: z.enum(QUIZ_STATUSES, { message: 'must be Active or Inactive' }).default('Active'),
});
export type QuizBody = z.output<typeof quizBody>;

export const statusBody = z.object({
  status: z.enum(QUIZ_STATUSES, { message: 'must be Active or Inactive' }),
});

export const quizListQuery = z.object({
  id: idOf('quiz').optional(),
  page: pageParam,
  limit: limitParam(100, 50),
  search: z.string().trim().max(100).optional(),
  kind: kind.optional(),
  phaseId: idOf('phase').optional(),
  gradeId: idOf('grade').optional(),
  status: z.enum(QUIZ_STATUSES, { message: 'must be Active or Inactive' }).optional(),
  ...sortParams(QUIZ_SORTS, QUIZ_SORT_DEFAULT),
});
export type QuizListQuery = z.output<typeof quizListQuery>;

const ruleReport = z.object({
  position: z.number(),
  label: z.string(),
  available: z.number(),
  needed: z.number(),
  shortBy: z.number(),
});
export const gradeReport = z.object({
  gradeId: z.string(),
  gradeTitle: z.string(),
  /** Eligible questions of this grade before any rule takes its share. */
  eligible: z.number(),
  available: z.number(),
  needed: z.number(),
  shortBy: z.number(),
  rules: z.array(ruleReport),
});
export type GradeReportDto = z.output<typeof gradeReport>;
export const poolReport = z.object({
  sufficient: z.boolean(),
  /** Null when every grade can fill an attempt; else which grades fall short and why. */
  message: z.string().nullable(),
  grades: z.array(gradeReport),
});
export type PoolReportDto = z.output<typeof poolReport>;

const gradeRef = z.object({ _id: z.string(), title: z.string() });

/** The settings a quiz's list row and its form show alike. */
const quizSettings = {
  questionCount: z.number(),
  secondsPerQuestion: z.number(),
  attemptsAllowed: z.number(),
  opensAt: z.string().nullable(),
  closesAt: z.string().nullable(),
  status: z.enum(QUIZ_STATUSES),
  poolMode: z.enum(POOL_MODES),
};

export const quizRowSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: kind,
  grades: z.array(gradeRef),
  phase: z.object({ _id: z.string(), name: z.string() }),
  ...quizSettings,
  playCount: z.number(),
  updatedAt: z.string(),
});
export type QuizRowDto = z.output<typeof quizRowSchema>;

export const quizSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: kind,
  gradeIds: z.array(z.string()),
  phaseId: z.string(),
  ...quizSettings,
  rules: z.array(
    z.object({
      categoryId: z.string().nullable(),
      subCategoryId: z.string().nullable(),
      questionCount: z.number(),
    }),
  ),
  questionIds: z.array(z.string()),
  /** The picked questions, in order, for showing the picker's list (QUESTIONS mode). */
  pickedQuestions: z.array(
    z.object({
      _id: z.string(),
      questionNo: z.number(),
      preview: z.string(),
      /** The preview with formulas kept as `span.math-inline` for KaTeX (text escaped, nothing else). */
      previewHtml: z.string(),
      grade: gradeRef,
      tag: z.enum(['PRACTICE', 'CONTEST', 'BOTH']),
      status: z.enum(QUIZ_STATUSES),
    }),
  ),
  pool: poolReport,
  rulesText: z.array(z.string()),
  playCount: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type QuizDto = z.output<typeof quizSchema>;

export const quizOptionsSchema = z.object({
  grades: z.array(z.object({ _id: z.string(), title: z.string(), isActive: z.boolean() })),
  phases: z.array(z.object({ _id: z.string(), name: z.string(), number: z.number() })),
  categories: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      isActive: z.boolean(),
      subCategories: z.array(z.object({ _id: z.string(), name: z.string(), isActive: z.boolean() })),
    }),
  ),
});
export type QuizOptionsDto = z.output<typeof quizOptionsSchema>;
