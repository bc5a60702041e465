import { toast } from 'react-hot-toast';
import { useOwnPassword } from '../../../shared/forms/use-own-password';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert } from '../../../shared/ui/surface';
import { useIssueResetLink } from '../api/use-student-details';
import { formatDateTime } from './student-format';

interface ResetLinkDialogProps {
  studentId: string;
  studentName: string;
  email: string;
  onClose: () => void;
}

/**
 * Passwords are never shown (they are stored as hashes): the admin confirms with their own
 * password and gets a one-time link to pass to the student or parent; it is e-mailed as well.
 */
export function ResetLinkDialog({ studentId, studentName, email, onClose }: ResetLinkDialogProps) {
  const issue = useIssueResetLink(studentId);
  const own = useOwnPassword((password) => issue.mutate(password, { onSuccess: () => own.setPassword('') }));

  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      toast.success('Link copied');
    } catch {
      toast.error('Could not copy: select the link and copy it by hand.');
    }
  };

  return (
    <Dialog title="Password reset link" onClose={onClose} data-testid="reset-link-dialog">
      {issue.data ? (
        <div className="stack">
          <Alert tone="success">
            A one-time link for {studentName} was made and e-mailed to {email}. It works once, until{' '}
            {formatDateTime(issue.data.expiresAt)}.
          </Alert>
          <label className="field__label" htmlFor="sd-reset-link">
            Link to pass on
          </label>
          <div className="input-with-button">
            <input
              id="sd-reset-link"
              className="input"
              readOnly
              value={issue.data.link}
              onFocus={(event) => event.target.select()}
              data-testid="reset-link-value"
            />
            <button
              type="button"
              className="input-with-button__button"
              onClick={() => void copy(issue.data.link)}
              data-testid="reset-link-copy"
            >
              Copy
            </button>
          </div>
          <p className="muted">
            Share it only with the student or their parent. Issuing a new link cancels this one.
          </p>
          <div className="dialog__actions">
            <Button onClick={onClose}>Done</Button>
          </div>
        </div>
      ) : (
        <form className="stack" onSubmit={own.onSubmit} noValidate aria-busy={issue.isPending}>
          <p>
            Passwords are never shown. This makes a one-time link with which {studentName} chooses a new
            password; it is e-mailed to them and shown here for you to pass on.
          </p>
          <PasswordField
            label="Your password"
            hint="Your own password, to confirm it is you."
            autoComplete="current-password"
            maxLength={256}
            value={own.password}
            disabled={issue.isPending}
            error={own.error}
            onChange={own.onChange}
            data-testid="reset-link-password"
          />
          {issue.isError ? (
            <Alert tone="error" data-testid="reset-link-error">
              {describeError(issue.error)}
            </Alert>
          ) : null}
          <DialogFormActions
            onCancel={onClose}
            pending={issue.isPending}
            label="Issue link"
            pendingLabel="Issuing…"
            testId="reset-link-submit"
          />
        </form>
      )}
    </Dialog>
  );
}
