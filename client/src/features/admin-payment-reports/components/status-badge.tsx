import type { PaymentStatus, ProblemOutcome } from '@riyazi/api/contracts';
import { OUTCOME_LABELS, STATUS_LABELS } from './payment-report-query';

export function StatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`pr-badge pr-badge--${status.toLowerCase()}`} data-status={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

export function OutcomeBadge({ outcome }: { outcome: ProblemOutcome }) {
  return (
    <span className={`pr-badge pr-badge--${outcome.toLowerCase()}`} data-outcome={outcome}>
      {OUTCOME_LABELS[outcome]}
    </span>
  );
}
