import { z } from 'zod';
import type { IntegrityOverrides, IntegrityThresholds } from '../../contracts/integrity.js';

/**
 * The detectors' defaults (README "Integrity signals"). Chosen so that 1,000 simulated honest
 * players of one grade raise nothing (api/test/integrity-phase.int.test.ts) while a copied sheet, a
 * too-fast play, a script and a shared device are found. integrity_settings.thresholds overrides any field.
 */
export const DEFAULT_THRESHOLDS: IntegrityThresholds = Object.freeze({
  fastCorrect: {
    minReadMs: 800,
    readMsPerChar: 10,
    percentile: 0.01,
    percentileFactor: 0.5,
    minSample: 30,
    minFastAnswers: 3,
    minFastFraction: 0.3,
  },
  copiedAnswers: {
    minCommonQuestions: 8,
    minMatchFraction: 0.9,
    minSharedWrong: 3,
    maxChanceLog10: -8,
    minSample: 30,
  },
  sharedOrigin: { deviceMinStudents: 3, deviceWindowMinutes: 180, ipMinStudents: 25, ipWindowMinutes: 3 },
  scriptedTiming: { minAnswers: 8, maxCv: 0.08 },
});

const ms = z.number().int().min(0).max(600_000);
const count = z.number().int().min(1).max(100_000);
const share = z.number().min(0).max(1);
const minutes = z
  .number()
  .int()
  .min(1)
  .max(7 * 24 * 60);

const groups = {
  fastCorrect: z.object({
    minReadMs: ms,
    readMsPerChar: z.number().min(0).max(1000),
    percentile: z.number().min(0).max(0.5),
    percentileFactor: share,
    minSample: count,
    minFastAnswers: count,
    minFastFraction: share,
  }),
  copiedAnswers: z.object({
    minCommonQuestions: count,
    minMatchFraction: share,
    minSharedWrong: z.number().int().min(1).max(50),
    maxChanceLog10: z.number().min(-100).max(0),
    minSample: count,
  }),
  sharedOrigin: z.object({
    deviceMinStudents: z.number().int().min(2).max(10_000),
    deviceWindowMinutes: minutes,
    ipMinStudents: z.number().int().min(2).max(10_000),
    ipWindowMinutes: minutes,
  }),
  scriptedTiming: z.object({ minAnswers: z.number().int().min(3).max(1000), maxCv: share }),
};

/** What staff may store: any group, any of its fields; unknown names are refused, not dropped. */
export const overridesSchema = z
  .object({
    fastCorrect: groups.fastCorrect.partial().strict().optional(),
    copiedAnswers: groups.copiedAnswers.partial().strict().optional(),
    sharedOrigin: groups.sharedOrigin.partial().strict().optional(),
    scriptedTiming: groups.scriptedTiming.partial().strict().optional(),
  })
  .strict();

export const thresholdsSchema = z.object(groups);

/** The defaults with the stored overrides on top; a stored value that no longer validates is ignored. */
export function resolveThresholds(stored: unknown): {
  thresholds: IntegrityThresholds;
  overrides: IntegrityOverrides;
} {
  const parsed = overridesSchema.safeParse(stored ?? {});
  const overrides: IntegrityOverrides = parsed.success ? parsed.data : {};
  const thresholds = {
    fastCorrect: { ...DEFAULT_THRESHOLDS.fastCorrect, ...overrides.fastCorrect },
    copiedAnswers: { ...DEFAULT_THRESHOLDS.copiedAnswers, ...overrides.copiedAnswers },
    sharedOrigin: { ...DEFAULT_THRESHOLDS.sharedOrigin, ...overrides.sharedOrigin },
    scriptedTiming: { ...DEFAULT_THRESHOLDS.scriptedTiming, ...overrides.scriptedTiming },
  };
  return { thresholds, overrides };
}
