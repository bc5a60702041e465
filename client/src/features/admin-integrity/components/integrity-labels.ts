import type { ReviewDecision, ReviewState, SignalKind } from '@riyazi/api/contracts';

export const KIND_LABELS: Record<SignalKind, string> = {
  FAST_CORRECT: 'Too fast',
  COPIED_ANSWERS: 'Copied answers',
  SHARED_ORIGIN: 'Same device or network',
  SCRIPTED_TIMING: 'Scripted timing',
};

export const DECISION_LABELS: Record<ReviewDecision, string> = {
  CLEAR: 'Cleared',
  WARN: 'Warned',
  DISQUALIFY: 'Disqualified',
};

export const STATE_LABELS: Record<ReviewState, string> = { undecided: 'Undecided', ...DECISION_LABELS };

export const strengthText = (strength: number) => `${Math.round(strength * 100)}%`;

/** 35000 → "35.0 s", 900 → "0.9 s"; null → "—". */
export const seconds = (ms: number | null) => (ms === null ? '—' : `${(ms / 1000).toFixed(1)} s`);
