import { z } from 'zod';
import { REPORT_FLAGS, REPORT_KINDS, REPORT_ORDERS, REPORT_SORTS } from '../../contracts/question-report.js';
import { calendarDay, datesInOrder, idOf, limitParam, pageParam } from '../../lib/schemas.js';

const filterFields = z.object({
  phaseId: idOf('phase').optional(),
  gradeId: idOf('grade').optional(),
  categoryId: idOf('category').optional(),
  kind: z.enum(REPORT_KINDS, { message: 'must be PRACTICE or CONTEST' }).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  sort: z.enum(REPORT_SORTS, { message: `must be one of ${REPORT_SORTS.join(', ')}` }).default('questionNo'),
  order: z.enum(REPORT_ORDERS, { message: 'must be asc or desc' }).default('asc'),
});

export const reportFilterQuery = filterFields.refine(...datesInOrder);
export type ReportFilter = z.output<typeof reportFilterQuery>;

export const reportPageQuery = filterFields
  .extend({ page: pageParam, limit: limitParam(100, 50) })
  .refine(...datesInOrder);
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
