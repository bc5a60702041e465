import type { ReactNode } from 'react';
import { useOwnPassword } from '../forms/use-own-password';
import { describeError } from '../http/http-error';
import { Dialog, DialogFormActions } from './dialog';
import { PasswordField } from './password-field';
import { Alert } from './surface';

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

/** A change that needs the admin to re-enter their own password in one field to confirm it. */
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
  const own = useOwnPassword(onConfirm);
  return (
    <Dialog title={title} onClose={onClose} data-testid={testId}>
      <form className="stack" onSubmit={own.onSubmit} noValidate aria-busy={pending}>
        {children}
        <PasswordField
          label="Password"
          hint="Your own password, to confirm it is you."
          autoComplete="current-password"
          required
          maxLength={256}
          value={own.password}
          disabled={pending}
          error={own.error}
          onChange={own.onChange}
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
