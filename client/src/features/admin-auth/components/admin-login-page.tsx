import { LOGIN_CODE_REQUIRED, type StaffLoginResponse } from '@riyazi/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { adminHomePath, safeAdminReturnPath } from '../../../config/admin-menu';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { errorMessage, HttpError } from '../../../shared/http/http-error';
import { LoginCaptchaBox } from '../../../shared/recaptcha/recaptcha-widget';
import {
  captchaSubmitHandlers,
  isCaptchaRequired,
  useLoginCaptcha,
} from '../../../shared/recaptcha/use-login-captcha';
import { sessionActions } from '../../../shared/session/session-store';
import { useAdminAuth } from '../../../shared/session/use-session';
import { SubmitButton } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { type LoginInput, loginStaff } from '../api/admin-auth-api';
import { AdminAuthShell } from './admin-auth-shell';
import { AdminLoginCode } from './admin-login-code';

const LOGIN_FIELDS = [
  { name: 'email', label: 'E-mail', autoComplete: 'username' },
  { name: 'password', label: 'Password', autoComplete: 'current-password' },
] as const;

function returnPathFrom(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'from' in state) {
    return safeAdminReturnPath(state.from);
  }
  return null;
}

export function AdminLoginPage() {
  useDocumentTitle('Admin log in');
  const navigate = useNavigate();
  const location = useLocation();
  const auth = useAdminAuth();
  const [form, setForm] = useState<LoginInput>({ email: '', password: '' });
  const captcha = useLoginCaptcha();
  const [captchaAsked, setCaptchaAsked] = useState(false);
  /** Set while the api asks for the e-mailed code: what it said. */
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  const [codeProblem, setCodeProblem] = useState<unknown>(null);
  const signedIn = async (response: StaffLoginResponse) => {
    sessionActions.setAdminAuth(response);
    const target = returnPathFrom(location.state) ?? adminHomePath();
    await navigate(target, { replace: true });
  };
  const login = useMutation({
    mutationFn: loginStaff,
    onSuccess: signedIn,
    onError: (error) => {
      captcha.refused(error);
      setCodeNotice(error instanceof HttpError && error.code === LOGIN_CODE_REQUIRED ? error.message : null);
    },
  });

  if (auth !== null && !login.isPending && !login.isSuccess) {
    return <Navigate to={returnPathFrom(location.state) ?? paths.admin.root} replace />;
  }

  const submit = (recaptchaToken: string | null) => {
    const boxUnticked = captcha.siteKey !== null && recaptchaToken === null;
    setCaptchaAsked(boxUnticked);
    if (boxUnticked || form.email.trim() === '' || form.password === '') {
      return;
    }
    setCodeProblem(null);
    login.mutate({
      email: form.email.trim(),
      password: form.password,
      ...(recaptchaToken === null ? {} : { recaptchaToken }),
    });
  };
  const { onSubmit, onCaptchaToken } = captchaSubmitHandlers(captcha, submit, login.isPending);

  if (codeNotice !== null) {
    return (
      <AdminAuthShell>
        <h1>Check your e-mail</h1>
        <AdminLoginCode
          email={form.email.trim()}
          password={form.password}
          notice={codeNotice}
          onSignedIn={signedIn}
          onBack={(problem) => {
            login.reset();
            setCodeProblem(problem);
            setCodeNotice(null);
          }}
        />
      </AdminAuthShell>
    );
  }

  return (
    <AdminAuthShell>
      <h1>Sign in</h1>
      <form className="stack" onSubmit={onSubmit}>
        {LOGIN_FIELDS.map(({ name, label, autoComplete }) => (
          <TextField
            key={name}
            label={label}
            type={name}
            name={name}
            autoComplete={autoComplete}
            required
            value={form[name]}
            onChange={(e) => setForm({ ...form, [name]: e.target.value })}
            data-testid={`admin-login-${name}`}
          />
        ))}
        <LoginCaptchaBox
          captcha={captcha}
          onToken={onCaptchaToken}
          error={captchaAsked ? 'Please tick the box to show that you are not a robot.' : null}
        />
        <SubmitButton pending={login.isPending} pendingLabel="Signing in…" data-testid="admin-login-submit">
          Sign in
        </SubmitButton>
        {login.isError ? (
          <Alert tone={isCaptchaRequired(login.error) ? 'info' : 'error'} data-testid="admin-login-error">
            {errorMessage(login.error)}
          </Alert>
        ) : null}
        {codeProblem !== null && !login.isError ? (
          <Alert tone="error" data-testid="admin-login-error">
            {errorMessage(codeProblem)}
          </Alert>
        ) : null}
        {login.isSuccess ? <Alert tone="success">Signed in. Opening the back office…</Alert> : null}
        <Link to={paths.admin.resetPassword}>Forgot your password?</Link>
      </form>
    </AdminAuthShell>
  );
}
