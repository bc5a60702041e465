import { forgotPasswordSchema } from '@riyazi/api/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { fieldMessage, focusField } from '../../../shared/forms/form-errors';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { requestPasswordReset } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { loginState } from './login-destination';

function emailProblem(email: string): string | null {
  const result = forgotPasswordSchema.safeParse({ email });
  const problem = result.success ? null : (result.error.issues[0]?.message ?? 'is invalid');
  return problem === null ? null : fieldMessage('E-mail', email.trim() === '' ? 'is required' : problem);
}

export function ForgotPasswordPage() {
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(() => loginState(location.state).email);
  const [showProblem, setShowProblem] = useState(false);
  const problem = showProblem ? emailProblem(email) : null;
  const request = useMutation({ mutationFn: requestPasswordReset });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setShowProblem(true);
    if (emailProblem(email) !== null) {
      focusField(formRef.current, 'email');
      return;
    }
    request.mutate(email.trim().toLowerCase());
  };

  if (request.isSuccess) {
    return (
      <AuthCard title="Check your e-mail" icon="success" testId="forgot-password-sent">
        <p role="status">{request.data.message}</p>
        <p className="muted">
          The link works for a short time only. If nothing arrives in a few minutes, look in the spam folder,
          or check that you typed the e-mail address you signed up with.
        </p>
        <div className="auth-page__links">
          <Link to={paths.login}>Back to log in</Link>
          <Button variant="ghost" small onClick={() => request.reset()}>
            Use another e-mail
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?">
      <p className="muted">
        Enter the e-mail address you signed up with. We will send you a link to choose a new password.
      </p>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={request.isPending}>
        <TextField
          label="E-mail"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setShowProblem((shown) => shown || email.trim() !== '')}
          data-testid="forgot-email"
        />
        {request.isError ? <Alert tone="error">{describeError(request.error)}</Alert> : null}
        <Button type="submit" block disabled={request.isPending} data-testid="forgot-submit">
          {request.isPending ? 'Sending…' : 'Send the link'}
        </Button>
      </form>
      <div className="auth-page__links">
        <Link to={paths.login}>Back to log in</Link>
      </div>
    </AuthCard>
  );
}

export default ForgotPasswordPage;
