// Types only (the contracts reach the client): the zod schemas live in api/src/modules/integrity.

export const SIGNAL_KINDS = ['FAST_CORRECT', 'COPIED_ANSWERS', 'SHARED_ORIGIN', 'SCRIPTED_TIMING'] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

/** The thresholds every detector reads (README "Integrity signals" explains each). */
export interface IntegrityThresholds {
  fastCorrect: {
    /** Nobody reads a question in less than this, plus readMsPerChar per character of its text. */
    minReadMs: number;
    readMsPerChar: number;
    /** A correct answer under percentileFactor × this percentile of the grade's correct times is fast too. */
    percentile: number;
    percentileFactor: number;
    /** Correct answers a question needs before its percentile counts. */
    minSample: number;
    minFastAnswers: number;
    /** Share of the play's correct answers that must be fast. */
    minFastFraction: number;
  };
  copiedAnswers: {
    minCommonQuestions: number;
    minMatchFraction: number;
    minSharedWrong: number;
    /** log10 of the chance that an independent player matches at least this often; at or below it a pair is flagged. */
    maxChanceLog10: number;
    /** Answers a question needs before its answer frequencies count. */
    minSample: number;
  };
  sharedOrigin: {
    deviceMinStudents: number;
    deviceWindowMinutes: number;
    ipMinStudents: number;
    ipWindowMinutes: number;
  };
  scriptedTiming: {
    minAnswers: number;
    /** Coefficient of variation of answer times at or below which a play looks scripted. */
    maxCv: number;
  };
}

/** The range a threshold may be set to (the api refuses others; the settings screen says so first). */
export interface ThresholdLimit {
  min: number;
  max: number;
  integer: boolean;
}

const share: ThresholdLimit = { min: 0, max: 1, integer: false };
const count: ThresholdLimit = { min: 1, max: 100_000, integer: true };
const minutes: ThresholdLimit = { min: 1, max: 7 * 24 * 60, integer: true };
const students: ThresholdLimit = { min: 2, max: 10_000, integer: true };

export const THRESHOLD_LIMITS = {
  fastCorrect: {
    minReadMs: { min: 0, max: 600_000, integer: true },
    readMsPerChar: { min: 0, max: 1000, integer: false },
    percentile: { min: 0, max: 0.5, integer: false },
    percentileFactor: share,
    minSample: count,
    minFastAnswers: count,
    minFastFraction: share,
  },
  copiedAnswers: {
    minCommonQuestions: count,
    minMatchFraction: share,
    minSharedWrong: { min: 1, max: 50, integer: true },
    maxChanceLog10: { min: -100, max: 0, integer: false },
    minSample: count,
  },
  sharedOrigin: {
    deviceMinStudents: students,
    deviceWindowMinutes: minutes,
    ipMinStudents: students,
    ipWindowMinutes: minutes,
  },
  scriptedTiming: { minAnswers: { min: 3, max: 1000, integer: true }, maxCv: share },
} as const satisfies {
  [G in keyof IntegrityThresholds]: Record<keyof IntegrityThresholds[G], ThresholdLimit>;
};

export type ThresholdGroup = keyof IntegrityThresholds;
export const THRESHOLD_GROUPS = Object.keys(THRESHOLD_LIMITS) as ThresholdGroup[];

/** What is wrong with `value` for `limit`, in the words the api and the screen share; null when fine. */
export function thresholdProblem(limit: ThresholdLimit, value: number): string | null {
  if (!Number.isFinite(value)) {
    return 'must be a number';
  }
  if (limit.integer && !Number.isInteger(value)) {
    return 'must be a whole number';
  }
  if (value < limit.min) {
    return `must be at least ${limit.min}`;
  }
  return value > limit.max ? `must be at most ${limit.max}` : null;
}

/** Stored overrides: any group, any field. */
export type IntegrityOverrides = { [G in keyof IntegrityThresholds]?: Partial<IntegrityThresholds[G]> };

/** GET and PUT /api/admin/integrity/settings */
export interface IntegritySettingsDto {
  thresholds: IntegrityThresholds;
  overrides: IntegrityOverrides;
  defaults: IntegrityThresholds;
  updatedAt: string;
}

/** GET and POST /api/admin/integrity/phases/:phaseId/run */
export interface IntegrityRunDto {
  phaseId: string;
  jobId: string | null;
  state: 'none' | 'waiting' | 'active' | 'completed' | 'failed';
  progress: { done: number; total: number };
  result: { plays: number; signals: Record<SignalKind, number>; removed: number } | null;
  error: string | null;
}

/** GET /api/admin/integrity/phases: what a phase run would look at, and what earlier checks found. */
export interface IntegrityPhaseSummary {
  _id: string;
  name: string;
  number: number;
  startsAt: string;
  endsAt: string;
  /** Finished contest plays (what a run checks). */
  finishedPlays: number;
  /** Plays with at least one signal. */
  flaggedPlays: number;
}
