import { z } from 'zod';
import { BOOLEAN_FLAGS, type BooleanFlag, NONE, PHASE_FLAGS, type PhaseFlag } from '../../contracts/flags.js';

const booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false', NONE]).transform((v) => (v === NONE ? v : v === 'true')),
]);
const phaseRef = z.union([
  z.uuid({ message: 'must be a phase id or none' }),
  z.literal(NONE),
  z.literal(false),
  z.null(),
]);

/** POST /api/admin/createFlag/ body: any subset of the flags; unknown fields are stripped. */
export const createFlagBody = z.object({
  ...Object.fromEntries(BOOLEAN_FLAGS.map((k) => [k, booleanish.optional()])),
  ...Object.fromEntries(PHASE_FLAGS.map((k) => [k, phaseRef.optional()])),
} as Record<BooleanFlag, z.ZodOptional<typeof booleanish>> &
  Record<PhaseFlag, z.ZodOptional<typeof phaseRef>>);
export type CreateFlagBody = z.output<typeof createFlagBody>;

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
