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
    /** log10 of the chance that independent players match like this; at or below it a pair is flagged. */
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
