import { PASSWORD_RULE_TEXT, passwordProblem } from '@riyazi/api/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fieldMessage, firstInvalidField, focusField } from '../../../shared/forms/form-errors';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { PasswordField } from '../../../shared/ui/password-field';
import { Alert } from '../../../shared/ui/surface';
import { resetPassword } from '../api/student-login-api';
import { AuthCard } from './auth-card';

type ResetField = 'password' | 'confirm';
const FIELDS: readonly ResetField[] = ['password', 'confirm'];

/** The e-mail is not known here: the server also refuses a password equal to it. */
function resetProblems(password: string, confirm: string): Partial<Record<ResetField, string>> {
  const problems: Partial<Record<ResetField, string>> = {};
  const problem = password === '' ? 'is required' : passwordProblem(password, '');
  if (problem !== null) {
    problems.password = fieldMessage('New password', problem);
  }
  if (confirm === '') {
    problems.confirm = 'Please type the new password again';
  } else if (confirm !== password) {
    problems.confirm = 'The two passwords are not the same';
  }
  return problems;
}

function InvalidLink() {
  return (
    <AuthCard title="This link does not work" icon="error" testId="reset-password-invalid">
      <p>The link to reset your password is incomplete, has expired or was already used.</p>
      <p className="muted">Ask for a new link: it arrives in a minute or two.</p>
      <ButtonLink to={paths.forgotPassword}>Ask for a new link</ButtonLink>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState<Partial<Record<ResetField, boolean>>>({});
  const [serverProblem, setServerProblem] = useState<string | null>(null);
  const reset = useMutation({
    mutationFn: resetPassword,
    onError: (error) => {
      const problem = error instanceof HttpError ? error.fieldErrors.password : undefined;
      if (problem !== undefined) {
        setServerProblem(fieldMessage('New password', problem));
        focusField(formRef.current, 'password');
      }
    },
  });

  if (token.length < 20) {
    return <InvalidLink />;
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title="Password changed" icon="success" testId="reset-password-done">
        <p role="status">{reset.data.message}</p>
        <p className="muted">For your safety, you are logged out on every phone and computer.</p>
        <ButtonLink to={paths.login} data-testid="reset-password-login">
          Log in
        </ButtonLink>
      </AuthCard>
    );
  }

  const passwordRefused = reset.error instanceof HttpError && reset.error.fieldErrors.password !== undefined;
  if (reset.error instanceof HttpError && reset.error.status === 400 && !passwordRefused) {
    return <InvalidLink />;
  }

  const problems = resetProblems(password, confirm);
  const shown = (field: ResetField) => (touched[field] ? problems[field] : undefined);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched({ password: true, confirm: true });
    const first = firstInvalidField(FIELDS, problems);
    if (first !== null) {
      focusField(formRef.current, first);
      return;
    }
    setServerProblem(null);
    reset.mutate({ token, password });
  };

  return (
    <AuthCard title="Choose a new password">
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={reset.isPending}>
        <PasswordField
          label="New password"
          name="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE_TEXT}
          value={password}
          error={serverProblem ?? shown('password')}
          onChange={(event) => {
            setPassword(event.target.value);
            setServerProblem(null);
          }}
          onBlur={() => setTouched((t) => ({ ...t, password: password !== '' || t.password }))}
          data-testid="reset-password"
        />
        <PasswordField
          label="Type it again"
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          error={shown('confirm')}
          onChange={(event) => setConfirm(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: confirm !== '' || t.confirm }))}
          data-testid="reset-confirm"
        />
        {reset.isError && !passwordRefused ? <Alert tone="error">{describeError(reset.error)}</Alert> : null}
        <Button type="submit" block disabled={reset.isPending} data-testid="reset-submit">
          {reset.isPending ? 'Saving…' : 'Save the new password'}
        </Button>
      </form>
      <div className="auth-page__links">
        <Link to={paths.login}>Back to log in</Link>
      </div>
    </AuthCard>
  );
}

export default ResetPasswordPage;
