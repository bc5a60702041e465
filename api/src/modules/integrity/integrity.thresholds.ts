import { z } from 'zod';
import {
  type IntegrityOverrides,
  type IntegrityThresholds,
  THRESHOLD_LIMITS,
  type ThresholdGroup,
  type ThresholdLimit,
  thresholdProblem,
} from '../../contracts/integrity.js';

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
    maxChanceLog10: -7,
    minSample: 30,
  },
  sharedOrigin: { deviceMinStudents: 3, deviceWindowMinutes: 180, ipMinStudents: 25, ipWindowMinutes: 3 },
  scriptedTiming: { minAnswers: 8, maxCv: 0.08 },
});

/** A threshold as the api checks it: the contract's range, with the contract's words. */
const numberIn = (limit: ThresholdLimit) =>
  z.number({ message: 'must be a number' }).superRefine((value, ctx) => {
    const problem = thresholdProblem(limit, value);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });

function groupSchema<G extends ThresholdGroup>(group: G) {
  const fields = Object.fromEntries(
    Object.entries(THRESHOLD_LIMITS[group]).map(([name, limit]) => [name, numberIn(limit)]),
  ) as Record<keyof IntegrityThresholds[G], ReturnType<typeof numberIn>>;
  return z.object(fields);
}

const groups = {
  fastCorrect: groupSchema('fastCorrect'),
  copiedAnswers: groupSchema('copiedAnswers'),
  sharedOrigin: groupSchema('sharedOrigin'),
  scriptedTiming: groupSchema('scriptedTiming'),
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
