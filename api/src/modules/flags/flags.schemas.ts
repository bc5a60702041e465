import { z } from 'zod';
import { BOOLEAN_FLAGS, createFlagBody, PHASE_FLAGS } from '../../contracts/flags.js';

export { createFlagBody };

export const systemFlagsSchema = z.object({
  ...Object.fromEntries(BOOLEAN_FLAGS.map((k) => [k, z.boolean()])),
  ...Object.fromEntries(PHASE_FLAGS.map((k) => [k, z.union([z.string(), z.literal(false)])])),
});

export const flagsResponse = z.tuple([systemFlagsSchema]);
export const saveFlagsResponse = z.object({ message: z.string(), data: systemFlagsSchema });

export const presetSummary = z.object({ _id: z.string(), name: z.string(), updatedAt: z.string() });
export const presetDetail = z.object({ _id: z.string(), name: z.string(), flags: systemFlagsSchema });
export const presetQuery = z.object({ preSet: z.string().trim().min(1, 'is required').max(80) });
export const createPresetBody = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  flags: createFlagBody,
});
