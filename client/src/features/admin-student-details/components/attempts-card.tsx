import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert, Card } from '../../../shared/ui/surface';
import type { StudentDetail } from '../api/student-details-api';
import { useGrantAttempts } from '../api/use-student-details';
import { formatDateTime, type GrantFormErrors, grantFormErrors, grantOrigin } from './student-format';

interface AttemptsCardProps {
  student: StudentDetail;
  canUpdate: boolean;
}

export function AttemptsCard({ student, canUpdate }: AttemptsCardProps) {
  const { contestAttempts, grants } = student.attempts;
  return (
    <Card className="sd-layout__attempts stack" aria-labelledby="sd-attempts-title">
      <h2 id="sd-attempts-title" className="card__title">
        Contest attempts
      </h2>
      <p className="sd-big">
        <strong data-testid="student-attempts-left">{contestAttempts}</strong>{' '}
        <span className="muted">left</span>
      </p>
      {canUpdate ? <GrantForm studentId={student.profile._id} /> : null}
      <h3 className="sd-subtitle">Where they came from</h3>
      {grants.length === 0 ? (
        <p className="muted" data-testid="student-grants-empty">
          No attempts have been granted, bought or redeemed yet.
        </p>
      ) : (
        <ol className="sd-history" data-testid="student-grants">
          {grants.map((grant) => (
            <li key={grant._id} className="sd-history__item" data-testid="student-grant">
              <span className={grant.attempts > 0 ? 'sd-delta sd-delta--plus' : 'sd-delta sd-delta--minus'}>
                <span aria-hidden="true">{grant.attempts > 0 ? `+${grant.attempts}` : grant.attempts}</span>
                <span className="visually-hidden">
                  {grant.attempts > 0 ? 'Added' : 'Taken away'} {Math.abs(grant.attempts)}
                </span>
              </span>
              <div className="sd-history__body">
                <span className="sd-history__what">{grantOrigin(grant)}</span>
                <span className="muted">{formatDateTime(grant.createdAt)}</span>
                {grant.reason ? <span className="sd-history__reason">“{grant.reason}”</span> : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function GrantForm({ studentId }: { studentId: string }) {
  const grant = useGrantAttempts(studentId);
  const [attempts, setAttempts] = useState('1');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<GrantFormErrors>({});
  const serverErrors = grant.error instanceof HttpError ? grant.error.fieldErrors : {};

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = grantFormErrors(attempts, reason);
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    grant.mutate(
      { attempts: Number(attempts), reason: reason.trim() },
      {
        onSuccess: (result) => {
          toast.success(`Attempts updated: ${result.contestAttempts} left`);
          setReason('');
          setAttempts('1');
        },
      },
    );
  };

  return (
    <form className="sd-grant" onSubmit={onSubmit} noValidate aria-busy={grant.isPending}>
      <h3 className="sd-subtitle">Grant attempts</h3>
      <div className="sd-grant__fields">
        <TextField
          label="Attempts"
          hint="-10 to 10; negative takes attempts away."
          type="number"
          inputMode="numeric"
          min={-10}
          max={10}
          step={1}
          className="sd-grant__count"
          value={attempts}
          error={errors.attempts ?? serverErrors.attempts ?? null}
          onChange={(event) => setAttempts(event.target.value)}
          data-testid="grant-attempts"
        />
        <TextField
          label="Reason"
          hint="Kept in the history and the audit log."
          maxLength={300}
          className="sd-grant__reason"
          value={reason}
          error={errors.reason ?? serverErrors.reason ?? null}
          onChange={(event) => setReason(event.target.value)}
          data-testid="grant-reason"
        />
      </div>
      {grant.isError && Object.keys(serverErrors).length === 0 ? (
        <Alert tone="error" data-testid="grant-error">
          {describeError(grant.error)}
        </Alert>
      ) : null}
      <div>
        <Button type="submit" small disabled={grant.isPending} data-testid="grant-submit">
          {grant.isPending ? 'Saving…' : 'Grant attempts'}
        </Button>
      </div>
    </form>
  );
}
