import { type FormEvent, useId, useRef, useState } from 'react';
import { fieldMessage } from '../../../shared/forms/form-errors';
import { HttpError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Alert, Card } from '../../../shared/ui/surface';
import {
  useAddToVerificationList,
  useDecideVerification,
  useVerifyEmailOnBehalf,
} from '../api/use-verification';
import type { VerificationDetail } from '../api/verification-api';
import { StatusBadge } from './status-badge';
import { formatDateTime } from './verification-format';
import '../../../shared/ui/facts.css';

const REASON_MAX = 500;

/** 'is required' → 'Reason is required'; 'tell the student why' → 'Tell the student why'. */
function reasonMessage(problem: string): string {
  return /^(is|must)\b/.test(problem)
    ? fieldMessage('Reason', problem)
    : `${problem.charAt(0).toUpperCase()}${problem.slice(1)}`;
}

interface DecisionPanelProps {
  student: VerificationDetail;
  canUpdate: boolean;
  hasDocument: boolean;
}

export function DecisionPanel({ student, canUpdate, hasDocument }: DecisionPanelProps) {
  const decide = useDecideVerification(student._id);
  const add = useAddToVerificationList(student._id);
  const confirmEmail = useVerifyEmailOnBehalf(student._id);
  const busy = decide.isPending || add.isPending || confirmEmail.isPending;
  const canAdd = student.status === 'NOT_SUBMITTED' || student.status === 'REJECTED';

  return (
    <Card className="stack verify-decision" aria-labelledby="verify-decision-title">
      <h2 id="verify-decision-title" className="card__title">
        Verification
      </h2>
      <dl className="facts">
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={student.status} testId="verification-status" />
          </dd>
        </div>
        {student.status === 'REJECTED' && student.reason ? (
          <div>
            <dt>Reason given</dt>
            <dd data-testid="verification-current-reason">{student.reason}</dd>
          </div>
        ) : null}
        <div>
          <dt>E-mail</dt>
          <dd data-testid="verification-email-state">
            {student.emailVerified
              ? student.autoEmailVerified
                ? 'Confirmed by staff'
                : 'Confirmed'
              : 'Not confirmed'}
          </dd>
        </div>
        {student.verifiedAt !== null ? (
          <div>
            <dt>Decided</dt>
            <dd>
              {formatDateTime(student.verifiedAt)}
              {student.verifiedBy ? ` by ${student.verifiedBy}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>

      {!canUpdate ? <Alert tone="info">You can view this request but not decide it.</Alert> : null}
      {canUpdate && !hasDocument ? (
        <Alert tone="info">
          There is no document to approve or reject: the student has not uploaded one.
        </Alert>
      ) : null}
      {canUpdate && hasDocument ? (
        <>
          <Button
            block
            disabled={busy || student.status === 'APPROVED'}
            onClick={() => decide.mutate({ status: 'APPROVED' })}
            data-testid="verification-approve"
          >
            {student.status === 'APPROVED' ? 'Approved' : 'Approve'}
          </Button>
          <RejectForm
            busy={busy}
            error={decide.error}
            onReject={(reason, done) => decide.mutate({ status: 'REJECTED', reason }, { onSuccess: done })}
          />
        </>
      ) : null}
      {canUpdate && !student.emailVerified ? (
        <Button
          variant="secondary"
          block
          disabled={busy}
          onClick={() => confirmEmail.mutate()}
          data-testid="verification-confirm-email"
        >
          {confirmEmail.isPending ? 'Confirming…' : 'Confirm e-mail on the student’s behalf'}
        </Button>
      ) : null}
      {canUpdate && canAdd ? (
        <div className="stack verify-add">
          <p className="muted">
            {student.status === 'REJECTED'
              ? 'Put the student back in the Pending list, for instance after they sent the right document another way.'
              : 'Put the student in the Pending list, for instance when their documents came by post.'}
          </p>
          <Button
            variant="secondary"
            block
            disabled={busy}
            onClick={() => add.mutate()}
            data-testid="verification-add"
          >
            {add.isPending ? 'Adding…' : 'Add to verification list'}
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

interface RejectFormProps {
  busy: boolean;
  error: Error | null;
  onReject: (reason: string, done: () => void) => void;
}

function RejectForm({ busy, error, onReject }: RejectFormProps) {
  const id = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const serverProblem = error instanceof HttpError ? (error.fieldErrors.reason ?? null) : null;
  const problem = missing
    ? 'Write the reason: the student needs it to fix the document.'
    : serverProblem === null
      ? null
      : reasonMessage(serverProblem);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setMissing(true);
      inputRef.current?.focus();
      return;
    }
    onReject(reason.trim(), () => setReason(''));
  };

  const describedBy = [`${id}-hint`, problem ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <form className="stack verify-reject" noValidate onSubmit={onSubmit}>
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Reason for rejection
        </label>
        <textarea
          ref={inputRef}
          id={id}
          name="reason"
          className="input verify-reject__reason"
          rows={3}
          maxLength={REASON_MAX}
          required
          value={reason}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
          data-testid="verification-reason"
        />
        <p className="field__hint" id={`${id}-hint`}>
          The student sees this. Say what to fix, e.g. “The photo is blurred: upload a clear photo of the
          whole card.” ({reason.length}/{REASON_MAX})
        </p>
        {problem ? (
          <p className="field__error" id={`${id}-error`}>
            {problem}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="danger" block disabled={busy} data-testid="verification-reject">
        Reject
      </Button>
    </form>
  );
}
