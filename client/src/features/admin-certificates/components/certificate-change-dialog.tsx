import { type AdminCertificate, CERTIFICATE_REASON_MAX } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { type CertificateChange, useCertificateChange } from '../api/certificates-admin-api';
import { KIND_LABELS } from './certificate-labels';

const TEXT: Record<CertificateChange, { title: string; label: string; pending: string }> = {
  revoke: { title: 'Revoke certificate', label: 'Revoke', pending: 'Revoking…' },
  reissue: { title: 'Re-issue certificate', label: 'Re-issue', pending: 'Re-issuing…' },
};

/** Asks for the reason before a revoke or a re-issue, and says what will happen. */
export function CertificateChangeDialog({
  cert,
  change,
  onClose,
}: {
  cert: AdminCertificate;
  change: CertificateChange;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useCertificateChange();
  const text = TEXT[change];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Please give a reason.');
      return;
    }
    mutation.mutate(
      { id: cert._id, change, reason: reason.trim() },
      { onSuccess: onClose, onError: (caught) => setError(describeError(caught)) },
    );
  };
  return (
    <Dialog title={text.title} onClose={onClose} data-testid="certificate-change-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <p>
          {KIND_LABELS[cert.kind]} certificate <strong className="certificate-code">{cert.code}</strong> of{' '}
          <bdi>{cert.student.fullName}</bdi> ({cert.phase.name}, {cert.grade.title}).
        </p>
        <p className="muted">
          {change === 'revoke'
            ? 'Anyone checking this code will see it was revoked, and when. The student can no longer download it.'
            : `A new certificate with a new code replaces it and is e-mailed to the student.${
                cert.revokedAt === null ? ' This one is revoked.' : ' This one stays revoked.'
              }`}
        </p>
        <TextAreaField
          label="Reason (staff only)"
          value={reason}
          maxLength={CERTIFICATE_REASON_MAX}
          rows={3}
          required
          onChange={(event) => setReason(event.target.value)}
          data-testid="certificate-reason"
        />
        {error !== null ? (
          <Alert tone="error" data-testid="certificate-change-error">
            {error}
          </Alert>
        ) : null}
        <DialogFormActions
          onCancel={onClose}
          pending={mutation.isPending}
          label={text.label}
          pendingLabel={text.pending}
          testId="certificate-change-confirm"
        />
      </form>
    </Dialog>
  );
}
