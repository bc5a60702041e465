import type { SignalKind } from '../../contracts/integrity.js';

/** One answer of a finished play, as the detectors read it. */
export interface AnswerFacts {
  questionId: string;
  position: number;
  answered: boolean;
  isCorrect: boolean;
  timeTakenMs: number;
  /** answered_at in epoch ms. */
  answeredAtMs: number;
  /** The answer as compared between plays: 'o:<sorted option ids>' or 't:<normalised text>'; null: none. */
  choice: string | null;
}

/** A finished contest play with its answers in play order. */
export interface PlayFacts {
  playId: string;
  studentId: string;
  phaseId: string;
  gradeId: string;
  finishedAtMs: number;
  originIpHash: string | null;
  originDeviceHash: string | null;
  answers: AnswerFacts[];
}

/** One question as its grade and phase answered it (finished contest plays). */
export interface QuestionStats {
  questionId: string;
  /** Characters of the question's text (markup stripped). */
  textLength: number;
  answered: number;
  correct: number;
  /** Of the correct answers' times: the thresholds' low percentile, the 10th and the median (null: none). */
  correctLowMs: number | null;
  correctP10Ms: number | null;
  correctMedianMs: number | null;
  /** How many answers made each choice. */
  choices: Record<string, number>;
  /** The choice that is correct (the most frequent correct choice), to tell shared wrong answers. */
  correctChoice: string | null;
}

export type GradeDistribution = Map<string, QuestionStats>;

export interface Signal {
  playId: string;
  kind: SignalKind;
  /** 0–1. */
  strength: number;
  evidence: Record<string, unknown>;
  relatedPlayIds: string[];
}
