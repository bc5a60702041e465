import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { type FieldProblems, firstInvalidField, focusField } from '../../../shared/forms/form-errors';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Button, ButtonLink, SubmitButton } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert } from '../../../shared/ui/surface';
import { requestStaffPasswordReset, resetStaffPassword } from '../api/admin-auth-api';
import { AdminAuthShell } from './admin-auth-shell';
import {
  type NewPasswordField,
  newPasswordProblems,
  STAFF_PASSWORD_MIN_LENGTH,
  serverPasswordProblem,
} from './new-password-rules';

/** Without ?token: asks for the e-mail to send a link to. With it: sets the new password. */
export function AdminResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  useDocumentTitle(token === '' ? 'Forgot password' : 'Choose a new password');
  return (
    <AdminAuthShell>{token === '' ? <RequestLinkForm /> : <NewPasswordForm token={token} />}</AdminAuthShell>
  );
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = useMutation({ mutationFn: requestStaffPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    const found =
      trimmed === ''
        ? 'Enter your e-mail address.'
        : EMAIL.test(trimmed)
          ? null
          : 'Check the e-mail address: it is not complete.';
    setProblem(found);
    if (found === null) {
      request.mutate(trimmed.toLowerCase());
    }
  };

  if (request.isSuccess) {
    return (
      <div className="stack" data-testid="reset-link-sent">
        <h1>Check your e-mail</h1>
        <p role="status">{request.data.message}</p>
        <p className="muted">
          The link works for 30 minutes. If nothing arrives in a few minutes, look in the spam folder or ask a
          Super Admin.
        </p>
        <div className="spread-row">
          <Link to={paths.admin.login}>Back to sign in</Link>
          <Button variant="ghost" small onClick={() => request.reset()}>
            Use another e-mail
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="stack">
      <h1>Forgot your password?</h1>
      <p className="muted">
        Enter your staff e-mail address. We will send you a link to choose a new password.
      </p>
      <form className="stack" noValidate onSubmit={onSubmit} aria-busy={request.isPending}>
        <EmailField
          label="E-mail"
          name="email"
          autoComplete="username"
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="reset-email"
        />
        {request.isError ? <Alert tone="error">{describeError(request.error)}</Alert> : null}
        <SubmitButton pending={request.isPending} pendingLabel="Sending…" data-testid="reset-submit">
          Send the link
        </SubmitButton>
      </form>
      <Link to={paths.admin.login}>Back to sign in</Link>
    </div>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problems, setProblems] = useState<FieldProblems<NewPasswordField>>({});
  const reset = useMutation({ mutationFn: resetStaffPassword });
  const serverPassword =
    reset.error instanceof HttpError && reset.error.fieldErrors.password !== undefined
      ? serverPasswordProblem(reset.error.fieldErrors.password)
      : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = newPasswordProblems(password, confirm);
    setProblems(found);
    const first = firstInvalidField(['password', 'confirm'] as const, found);
    if (first !== null) {
      focusField(formRef.current, first);
      return;
    }
    reset.mutate({ token, password });
  };

  if (reset.isSuccess) {
    return (
      <div className="stack" data-testid="reset-done">
        <h1>Password changed</h1>
        <Alert tone="success">{reset.data.message}</Alert>
        <ButtonLink to={paths.admin.login} block data-testid="reset-login-link">
          Sign in
        </ButtonLink>
      </div>
    );
  }

  return (
    <div className="stack">
      <h1>Choose a new password</h1>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={reset.isPending}>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint={`At least ${STAFF_PASSWORD_MIN_LENGTH} characters, and not your e-mail address.`}
          value={password}
          error={problems.password ?? serverPassword}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="reset-password"
        />
        <PasswordField
          label="Type it again"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          error={problems.confirm}
          onChange={(event) => setConfirm(event.target.value)}
          data-testid="reset-confirm"
        />
        {reset.isError && serverPassword === null ? (
          <Alert tone="error" data-testid="reset-error">
            <p>{describeError(reset.error)}</p>
            {reset.error instanceof HttpError && reset.error.status === 400 ? (
              <Link to={paths.admin.resetPassword}>Ask for a new link</Link>
            ) : null}
          </Alert>
        ) : null}
        <SubmitButton pending={reset.isPending} pendingLabel="Saving…" data-testid="reset-submit">
          Save the new password
        </SubmitButton>
      </form>
      <Link to={paths.admin.login}>Back to sign in</Link>
    </div>
  );
}
