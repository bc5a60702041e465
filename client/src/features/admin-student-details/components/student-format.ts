import type { AttemptGrant, QuestionOutcome } from '../api/student-details-api';

export { formatBytes } from '../../../shared/format/bytes';
export { formatDateTime } from '../../../shared/format/date-time';

import { formatDuration as formatStopwatch } from '../../../shared/format/duration';

export { formatRupees as formatPkr } from '../../../shared/format/money';
export { DOCUMENT_KIND_LABELS, documentFileName } from '../../../shared/format/student-documents';

/** The shared stopwatch reading (shared/format/duration.ts), so staff and student read the same time. */
export const formatDuration = (ms: number | null): string => (ms === null ? '—' : formatStopwatch(ms));

export const formatScore = (score: number | null) =>
  score === null ? '—' : String(Math.round(score * 100) / 100);

export const GENDER_LABELS = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Rather Not to say' } as const;

export const OUTCOME_LABELS: Record<QuestionOutcome, string> = {
  CORRECT: 'Correct',
  WRONG: 'Wrong',
  NO_ANSWER: 'No answer',
  PENDING: 'Being scored',
  NOT_YET: 'Not answered yet',
};

/** Where an attempt came from, in words: "Payment RZ123", "Code batch Lahore", "Admin Sara". */
export function grantOrigin(grant: AttemptGrant): string {
  switch (grant.source) {
    case 'PAYMENT':
      return grant.orderRef === null ? 'Payment' : `Payment ${grant.orderRef}`;
    case 'CODE':
      return grant.codeBatch === null ? 'Access code' : `Access code (${grant.codeBatch})`;
    case 'ADMIN':
      return grant.staffName === null ? 'Granted by staff' : `Granted by ${grant.staffName}`;
  }
}

export type GrantFormErrors = Partial<Record<'attempts' | 'reason', string>>;

/** The same bounds as POST /contestAttempts/create: −10..10 but not 0, and a reason of 3+ characters. */
export function grantFormErrors(attempts: string, reason: string): GrantFormErrors {
  const errors: GrantFormErrors = {};
  const n = Number(attempts);
  if (attempts.trim() === '' || !Number.isInteger(n) || n < -10 || n > 10 || n === 0) {
    errors.attempts = 'Enter a whole number from -10 to 10, not 0.';
  }
  if (reason.trim().length < 3) {
    errors.reason = 'Say why (at least 3 characters).';
  } else if (reason.trim().length > 300) {
    errors.reason = 'At most 300 characters.';
  }
  return errors;
}
