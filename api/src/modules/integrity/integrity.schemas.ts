import { z } from 'zod';
import { SIGNAL_KINDS } from '../../contracts/integrity.js';
import { overridesSchema, thresholdsSchema } from './integrity.thresholds.js';

export const settingsBody = overridesSchema.describe(
  'Threshold overrides by group (fastCorrect, copiedAnswers, sharedOrigin, scriptedTiming); what is left out takes its default',
);

export const settingsResponse = z.object({
  thresholds: thresholdsSchema,
  overrides: overridesSchema,
  defaults: thresholdsSchema,
  updatedAt: z.string(),
});

export const phaseParams = z.object({ phaseId: z.uuid({ message: 'must be a phase id' }) });

const kindCounts = z.object(
  Object.fromEntries(SIGNAL_KINDS.map((k) => [k, z.number()])) as Record<
    (typeof SIGNAL_KINDS)[number],
    z.ZodNumber
  >,
);

export const runResponse = z.object({
  phaseId: z.string(),
  jobId: z.string().nullable(),
  state: z.enum(['none', 'waiting', 'active', 'completed', 'failed']),
  progress: z.object({ done: z.number(), total: z.number() }),
  result: z.object({ plays: z.number(), signals: kindCounts, removed: z.number() }).nullable(),
  error: z.string().nullable(),
});

export const phasesResponse = z.object({
  data: z.array(
    z.object({
      _id: z.string(),
      name: z.string(),
      number: z.number(),
      startsAt: z.string(),
      endsAt: z.string(),
      finishedPlays: z.number(),
      flaggedPlays: z.number(),
    }),
  ),
});
