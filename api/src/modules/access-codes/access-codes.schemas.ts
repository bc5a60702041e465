import { z } from 'zod';
import { CODE_BATCH_LIMITS } from '../../contracts/payment-codes.js';
import { limitParam, pageParam } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

export const listBatchesQuery = z.object({
  page: pageParam,
  limit: limitParam(100, 50),
});
export type ListBatchesQuery = z.output<typeof listBatchesQuery>;

const { labelMax, attemptsMin, attemptsMax, countMin, countMax } = CODE_BATCH_LIMITS;

export const createBatchBody = z.object({
  label: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(labelMax, `must be at most ${labelMax} characters`),
  attempts: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(attemptsMin, `must be from ${attemptsMin} to ${attemptsMax}`)
    .max(attemptsMax, `must be from ${attemptsMin} to ${attemptsMax}`),
  phaseId: z.uuid({ message: 'must be a phase id' }).nullable().default(null),
  count: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(countMin, `must be from ${countMin} to ${countMax}`)
    .max(countMax, `must be from ${countMin} to ${countMax}`),
  validUntil: z.iso
    .datetime({ offset: true, message: 'must be a date and time' })
    .transform((v) => new Date(v))
    .refine((d) => d.getTime() > Date.now(), 'must be in the future')
    .nullable()
    .default(null),
});
export type CreateBatchBody = z.output<typeof createBatchBody>;

/** One code, by its id or by the code itself (an admin holding a leaked code has only that). */
export const revokeCodeQuery = z
  .object({
    id: z.uuid({ message: 'must be an id' }).optional(),
    code: z.string().max(64, 'is too long').optional(),
  })
  .refine((q) => (q.id === undefined) !== (q.code === undefined), {
    path: ['id'],
    message: 'give either the id or the code',
  });
export type RevokeCodeQuery = z.output<typeof revokeCodeQuery>;

export const redeemBody = z.object({
  code: z.string({ message: 'is required' }).max(64, 'is too long'),
});

export const codeBatchSchema = z.object({
  _id: z.string(),
  label: z.string(),
  attempts: z.number(),
  phase: z.object({ _id: z.string(), title: z.string() }).nullable(),
  codeCount: z.number(),
  redeemedCount: z.number(),
  validUntil: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});

export const batchListResponse = z.object({
  data: z.array(codeBatchSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const redeemResponse = z.object({
  message: z.string(),
  contestAttempts: z.number(),
  attemptsGranted: z.number(),
});

export const messageResponse = z.object({ message: z.string() });
