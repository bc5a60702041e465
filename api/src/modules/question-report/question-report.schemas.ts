import { z } from 'zod';
import { REPORT_FLAGS, REPORT_KINDS, REPORT_ORDERS, REPORT_SORTS } from '../../contracts/question-report.js';

const id = (what: string) => z.uuid({ message: `must be a ${what} id` });

const MIN_DAY = '2000-01-01';
const MAX_DAY = '2100-12-31';
/** A calendar day, YYYY-MM-DD, that really exists (2026-02-30 is refused). */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((v) => {
    const parsed = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === v;
  }, 'must be a real date')
  .refine((v) => v >= MIN_DAY && v <= MAX_DAY, `must be between ${MIN_DAY} and ${MAX_DAY}`);

const filterFields = z.object({
  phaseId: id('phase').optional(),
  gradeId: id('grade').optional(),
  categoryId: id('category').optional(),
  kind: z.enum(REPORT_KINDS, { message: 'must be PRACTICE or CONTEST' }).optional(),
  from: day.optional(),
  to: day.optional(),
  sort: z.enum(REPORT_SORTS, { message: `must be one of ${REPORT_SORTS.join(', ')}` }).default('questionNo'),
  order: z.enum(REPORT_ORDERS, { message: 'must be asc or desc' }).default('asc'),
});
const datesInOrder = (q: { from?: string; to?: string }) =>
  q.from === undefined || q.to === undefined || q.from <= q.to;
const dateOrder = { path: ['to'], message: 'must not be before from' };

export const reportFilterQuery = filterFields.refine(datesInOrder, dateOrder);
export type ReportFilter = z.output<typeof reportFilterQuery>;

const intParam = (max: number, fallback: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

export const reportPageQuery = filterFields
  .extend({ page: intParam(100_000, 1), limit: intParam(100, 50) })
  .refine(datesInOrder, dateOrder);
export type ReportPageQuery = z.output<typeof reportPageQuery>;

const optionCount = z.object({
  letter: z.string(),
  position: z.number(),
  isCorrect: z.boolean(),
  count: z.number(),
  share: z.number(),
});

export const reportRowSchema = z.object({
  _id: z.string(),
  questionNo: z.number(),
  preview: z.string(),
  previewHtml: z.string(),
  type: z.enum(['MCQs', 'Open Ended']),
  grade: z.object({ _id: z.string(), title: z.string() }),
  category: z.object({ _id: z.string(), name: z.string() }),
  served: z.number(),
  correct: z.number(),
  answered: z.number(),
  noAnswer: z.number(),
  shareCorrect: z.number(),
  facility: z.number(),
  avgTimeMs: z.number().nullable(),
  medianTimeMs: z.number().nullable(),
  discrimination: z.number().nullable(),
  upper: z.object({ served: z.number(), correct: z.number() }),
  lower: z.object({ served: z.number(), correct: z.number() }),
  options: z.array(optionCount),
  wrongAnswers: z.array(z.object({ text: z.string(), count: z.number() })),
  flags: z.array(z.enum(REPORT_FLAGS)),
});

export const reportPageSchema = z.object({
  data: z.array(reportRowSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
  plays: z.number(),
});
