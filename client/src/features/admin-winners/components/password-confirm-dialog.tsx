import { type FormEvent, type ReactNode, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert } from '../../../shared/ui/surface';

interface PasswordConfirmDialogProps {
  title: string;
  /** What the change does, and any field it needs besides the password. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal (e.g. 'Incorrect password'), shown above the buttons. */
  error: unknown;
  onConfirm: (password: string) => void;
  onClose: () => void;
  'data-testid'?: string;
}

/** A change to winners: the admin re-enters their own password in one field to confirm it. */
export function PasswordConfirmDialog({
  title,
  children,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  onConfirm,
  onClose,
  'data-testid': testId,
}: PasswordConfirmDialogProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setMissing(true);
      return;
    }
    onConfirm(password);
  };
  return (
    <Dialog title={title} onClose={onClose} data-testid={testId}>
      <form className="stack" onSubmit={onSubmit} noValidate aria-busy={pending}>
        {children}
        <PasswordField
          label="Password"
          hint="Your own password, to confirm it is you."
          autoComplete="current-password"
          required
          maxLength={256}
          value={password}
          disabled={pending}
          error={missing ? 'Enter your password.' : null}
          onChange={(event) => {
            setPassword(event.target.value);
            setMissing(false);
          }}
          data-testid="confirm-password"
        />
        {error !== null && error !== undefined ? (
          <Alert tone="error" data-testid="confirm-password-error">
            {describeError(error)}
          </Alert>
        ) : null}
        <DialogFormActions
          onCancel={onClose}
          pending={pending}
          label={confirmLabel}
          pendingLabel={pendingLabel}
          testId="confirm-password-submit"
        />
      </form>
    </Dialog>
  );
}
