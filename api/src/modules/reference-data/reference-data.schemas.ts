import { z } from 'zod';
import { limitParam, pageParam } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

const isActiveFilter = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const listQuery = z.object({
  page: pageParam,
  limit: limitParam(100, 50),
  search: z.string().trim().max(100).optional(),
  isActive: isActiveFilter,
});
export type ListQuery = z.output<typeof listQuery>;

export const subCategoryListQuery = listQuery.extend({
  categoryId: z.uuid({ message: 'must be a category id' }).optional(),
});
export type SubCategoryListQuery = z.output<typeof subCategoryListQuery>;

const name = (max: number) =>
  z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`);
const isoDate = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .transform((v) => new Date(v));

export const PHASE_STATUSES = ['UPCOMING', 'ACTIVE', 'CLOSED'] as const;
export type PhaseStatus = (typeof PHASE_STATUSES)[number];

export const gradeBody = z.object({
  title: name(60),
  sortOrder: z.number({ message: 'must be a number' }).int('must be a whole number').min(0).max(1000),
  isActive: z.boolean().default(true),
});
export const gradeChanges = gradeBody.partial().extend({ isActive: z.boolean().optional() });
export type GradeBody = z.output<typeof gradeBody>;
export type GradeChanges = z.output<typeof gradeChanges>;

export const phaseBody = z
  .object({
    name: name(80),
    number: z.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(20),
    startsAt: isoDate,
    endsAt: isoDate,
    status: z.enum(PHASE_STATUSES, { message: 'must be UPCOMING, ACTIVE or CLOSED' }).default('UPCOMING'),
  })
  .refine((b) => b.endsAt > b.startsAt, { path: ['endsAt'], message: 'must be after the start' });
export const phaseChanges = z.object({
  name: name(80).optional(),
  number: z.number({ message: 'must be a number' }).int('must be a whole number').min(1).max(20).optional(),
  startsAt: isoDate.optional(),
  endsAt: isoDate.optional(),
  status: z.enum(PHASE_STATUSES, { message: 'must be UPCOMING, ACTIVE or CLOSED' }).optional(),
});
export type PhaseBody = z.output<typeof phaseBody>;
export type PhaseChanges = z.output<typeof phaseChanges>;

export const categoryBody = z.object({ name: name(80), isActive: z.boolean().default(true) });
export const categoryChanges = z.object({ name: name(80).optional(), isActive: z.boolean().optional() });
export type CategoryBody = z.output<typeof categoryBody>;
export type CategoryChanges = z.output<typeof categoryChanges>;

export const subCategoryBody = categoryBody.extend({
  categoryId: z.uuid({ message: 'must be a category id' }),
});
export const subCategoryChanges = categoryChanges.extend({
  categoryId: z.uuid({ message: 'must be a category id' }).optional(),
});
export type SubCategoryBody = z.output<typeof subCategoryBody>;
export type SubCategoryChanges = z.output<typeof subCategoryChanges>;

export const gradeSchema = z.object({
  _id: z.string(),
  title: z.string(),
  sortOrder: z.number(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const phaseSchema = z.object({
  _id: z.string(),
  name: z.string(),
  number: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(PHASE_STATUSES),
  createdAt: z.string(),
});
export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export const subCategorySchema = categorySchema.extend({
  category: z.object({ _id: z.string(), name: z.string() }),
});
export type GradeDto = z.output<typeof gradeSchema>;
export type PhaseDto = z.output<typeof phaseSchema>;
export type CategoryDto = z.output<typeof categorySchema>;
export type SubCategoryDto = z.output<typeof subCategorySchema>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number(),
    currentPage: z.number(),
    totalPages: z.number(),
    itemsPerPage: z.number(),
  });

export const messageResponse = z.object({ message: z.string() });
