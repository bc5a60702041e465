import type { VerificationStatus } from '../api/verification-api';
import { STATUS_LABELS } from './verification-query';
import './status-badge.css';

export function StatusBadge({ status, testId }: { status: VerificationStatus; testId?: string }) {
  return (
    <span className={`verify-badge verify-badge--${status.toLowerCase()}`} data-testid={testId}>
      {STATUS_LABELS[status]}
    </span>
  );
}
