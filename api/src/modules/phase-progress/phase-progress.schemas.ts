import { z } from 'zod';
import type {
  NotifyQualifiersPreview,
  NotifyQualifiersResult,
  PhaseCutoffs,
  PhaseProgress,
} from '../../contracts/winners.js';

const idOf = (what: string) => z.uuid({ message: `must be a ${what} id` });
const phaseRef = z.object({ _id: z.string(), name: z.string(), number: z.number() });

export const phaseQuery = z.object({ phaseId: idOf('phase') });
export const phaseBody = z.object({ phaseId: idOf('phase') });

export const saveCutoffBody = z.object({
  phaseId: idOf('phase'),
  gradeId: idOf('grade'),
  topN: z.coerce
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000'),
});

export const cutoffsSchema = z.object({
  phase: phaseRef,
  nextPhase: phaseRef.nullable(),
  options: z.array(z.number()),
  grades: z.array(
    z.object({ gradeId: z.string(), title: z.string(), topN: z.number().nullable(), isDefault: z.boolean() }),
  ),
}) satisfies z.ZodType<PhaseCutoffs>;

export const notifyResult = z.object({
  notified: z.number(),
  nextPhase: z.object({ _id: z.string(), name: z.string() }),
}) satisfies z.ZodType<NotifyQualifiersResult>;

export const notifyPreview = z.object({
  nextPhase: z.object({ _id: z.string(), name: z.string() }).nullable(),
  pending: z.number(),
  blocked: z.string().nullable(),
}) satisfies z.ZodType<NotifyQualifiersPreview>;

export const phaseProgressSchema = z.object({
  nextPhase: z.object({ _id: z.string(), title: z.string(), startsAt: z.string() }).nullable(),
  previousPhase: z.object({ _id: z.string(), title: z.string(), endedAt: z.string() }).nullable(),
  qualifiedForNext: z.boolean().nullable(),
  myRank: z.object({ phaseId: z.string(), rank: z.number(), score: z.number() }).nullable(),
}) satisfies z.ZodType<PhaseProgress>;
