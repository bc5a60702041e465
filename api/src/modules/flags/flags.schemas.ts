import { z } from 'zod';
import { BOOLEAN_FLAGS, type BooleanFlag, NONE, PHASE_FLAGS, type PhaseFlag } from '../../contracts/flags.js';

const booleanish = z.union([
  z.boolean(),
  z.enum(['true', 'false', NONE]).transform((v) => (v === NONE ? v : v === 'true')),
  z.null(),
]);
const phaseRef = z.union([
  z.uuid({ message: 'must be a phase id or none' }),
  z.literal(NONE),
  z.literal(false),
  z.null(),
]);

/** Any subset of the flags; unknown fields are stripped. */
export const flagPatch = z.object({
  ...Object.fromEntries(BOOLEAN_FLAGS.map((k) => [k, booleanish.optional()])),
  ...Object.fromEntries(PHASE_FLAGS.map((k) => [k, phaseRef.optional()])),
} as Record<BooleanFlag, z.ZodOptional<typeof booleanish>> &
  Record<PhaseFlag, z.ZodOptional<typeof phaseRef>>);
export type FlagPatch = z.output<typeof flagPatch>;

/**
 * POST /api/admin/createFlag/ body: the flags to change (the others stay as stored) and the
 * version they were read at; without a version the patch is saved unchecked (the spec's call).
 */
export const createFlagBody = flagPatch.extend({
  version: z.number().int().min(0, 'must be a version read from the flags').max(2_147_483_647).optional(),
});
export type CreateFlagBody = z.output<typeof createFlagBody>;

const phaseValue = z.union([z.string(), z.literal(false)]);
export const systemFlagsSchema = z.object({
  ...Object.fromEntries(BOOLEAN_FLAGS.map((k) => [k, z.boolean()])),
  ...Object.fromEntries(PHASE_FLAGS.map((k) => [k, phaseValue])),
} as Record<BooleanFlag, z.ZodBoolean> & Record<PhaseFlag, typeof phaseValue>);

const versionedFlagsSchema = systemFlagsSchema.extend({ version: z.number().int() });
export const flagsResponse = z.tuple([versionedFlagsSchema]);
export const saveFlagsResponse = z.object({ message: z.string(), data: versionedFlagsSchema });

export const presetSummary = z.object({ _id: z.string(), name: z.string(), updatedAt: z.string() });
export const presetDetail = z.object({ _id: z.string(), name: z.string(), flags: systemFlagsSchema });
export const presetQuery = z.object({ preSet: z.string().trim().min(1, 'is required').max(80) });
export const createPresetBody = z.object({
  name: z.string().trim().min(1, 'is required').max(80),
  flags: flagPatch,
});
