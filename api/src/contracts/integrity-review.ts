/** The integrity review queue (`/api/admin/integrity/…`): flagged contest plays and staff decisions. */

import type { SignalKind } from './integrity.js';

export const REVIEW_DECISIONS = ['CLEAR', 'WARN', 'DISQUALIFY'] as const;
export type ReviewDecision = (typeof REVIEW_DECISIONS)[number];

/** The queue's decision filter: undecided plays, or those with one decision. */
export const REVIEW_STATES = ['undecided', ...REVIEW_DECISIONS] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_REASON_MAX = 2000;

export interface FlaggedSignal {
  kind: SignalKind;
  /** 0 to 1. */
  strength: number;
}

export interface FlaggedPlay {
  _id: string;
  student: { _id: string; studentNo: number; fullName: string };
  phase: { _id: string; name: string };
  grade: { _id: string; title: string };
  score: number;
  /** The play's rank on its board (null: not the student's counted play, or disqualified). */
  rank: number | null;
  finishedAt: string | null;
  /** The strongest signal's strength: the queue's order. */
  strength: number;
  signals: FlaggedSignal[];
  decision: ReviewDecision | null;
  decidedAt: string | null;
  disqualified: boolean;
}

export interface IntegrityOption {
  _id: string;
  name: string;
}

export interface FlaggedPlaysPage {
  data: FlaggedPlay[];
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
  options: { phases: IntegrityOption[]; grades: IntegrityOption[] };
}

/** One play's answer to one question: option letters in the question's own order, or the text. */
export interface AnswerCell {
  /** '' when the question was not answered. */
  answer: string;
  timeMs: number | null;
  correct: boolean | null;
}

export interface EvidenceQuestion {
  questionId: string;
  /** 1-based, in the reviewed play's order. */
  no: number;
  preview: string;
  /** Median answer time of the question in finished contest plays of the grade and phase. */
  medianTimeMs: number | null;
  play: AnswerCell;
}

export interface RelatedPlay {
  _id: string;
  student: { studentNo: number; fullName: string };
  finishedAt: string | null;
  score: number;
  /** The signals that name this play. */
  kinds: SignalKind[];
  /** Aligned with the reviewed play's questions; matches: the same answer (right or wrong). */
  answers: (AnswerCell & { matches: boolean })[];
  matching: number;
  matchingWrong: number;
}

/** Another contest play of the phase started from the same device or network (never the hashes). */
export interface OriginAccount {
  playId: string;
  student: { studentNo: number; fullName: string };
  finishedAt: string | null;
  sameDevice: boolean;
  sameNetwork: boolean;
}

export interface ReviewHistoryEntry {
  at: string;
  by: string | null;
  decision: ReviewDecision;
  reason: string;
  notified: boolean;
}

export interface SignalDetail extends FlaggedSignal {
  evidence: unknown;
  computedAt: string;
}

export interface PlayReview {
  decision: ReviewDecision;
  reason: string;
  decidedAt: string;
  decidedBy: string | null;
  studentNotifiedAt: string | null;
}

export interface PlayEvidence {
  play: FlaggedPlay;
  signals: SignalDetail[];
  questions: EvidenceQuestion[];
  related: RelatedPlay[];
  sameOrigin: OriginAccount[];
  review: PlayReview | null;
  history: ReviewHistoryEntry[];
}

export interface ReviewDecisionBody {
  decision: ReviewDecision;
  reason: string;
  notifyStudent?: boolean;
}

export interface ReviewDecisionResult {
  message: string;
  data: PlayEvidence;
}
