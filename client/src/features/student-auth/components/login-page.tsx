import { LOGIN_CODE_REQUIRED } from '@riyazi/api/contracts';
import type { StudentSession } from '@riyazi/api/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { focusField } from '../../../shared/forms/form-errors';
import { problemText } from '../../../shared/forms/problem-text';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { type Translate, useT } from '../../../shared/i18n';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { LoginCaptchaBox } from '../../../shared/recaptcha/recaptcha-widget';
import {
  captchaSubmitHandlers,
  isCaptchaRequired,
  useLoginCaptcha,
} from '../../../shared/recaptcha/use-login-captcha';
import { sessionActions } from '../../../shared/session/session-store';
import { useStudentAuth, useSystemFlags } from '../../../shared/session/use-session';
import { SubmitButton } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/field';
import { PasswordField } from '../../../shared/ui/password-field';
import { passwordTexts, recaptchaTexts } from '../../../shared/ui/student-texts';
import { Alert } from '../../../shared/ui/surface';
import { loginStudent, toStudentAuth } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { LoginCodeStep } from './login-code-step';
import { loginDestination, loginState } from './login-destination';

type LoginField = 'email' | 'password';

const isCodeRequired = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.code === LOGIN_CODE_REQUIRED;

function loginProblems(t: Translate, email: string, password: string): Partial<Record<LoginField, string>> {
  const problems: Partial<Record<LoginField, string>> = {};
  if (email.trim() === '') {
    problems.email = problemText(t('common.field.email'), 'is required', t);
  } else if (!/^\S+@\S+\.\S+$/.test(email.trim())) {
    problems.email = problemText(t('common.field.email'), 'must be a valid e-mail address', t);
  }
  if (password === '') {
    problems.password = problemText(t('common.field.password'), 'is required', t);
  }
  return problems;
}

export function LoginPage() {
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const student = useStudentAuth();
  const { flags } = useSystemFlags();
  const { from, email: prefilledEmail } = loginState(location.state);
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(prefilledEmail);
  const [password, setPassword] = useState('');
  const [showProblems, setShowProblems] = useState(false);
  const problems = showProblems ? loginProblems(t, email, password) : {};
  const captcha = useLoginCaptcha();
  const [captchaAsked, setCaptchaAsked] = useState(false);
  /** Set while the api asks for the e-mailed code: what it said. */
  const [codeNotice, setCodeNotice] = useState<string | null>(null);
  /** Why the code step sent the child back to the password (a wrong password, no code live). */
  const [codeProblem, setCodeProblem] = useState<unknown>(null);

  const signedIn = async (session: StudentSession) => {
    // Another student may have used this phone: their cached details must not show.
    queryClient.removeQueries({ queryKey: [STUDENT_KEY_ROOT] });
    sessionActions.setStudentAuth(toStudentAuth(session));
    const target = loginDestination({
      emailVerified: session.emailVerified,
      verificationRequired: flags.isEmailVerificationEnabled,
      from,
    });
    await navigate(target, { replace: true });
  };
  const login = useMutation({
    mutationFn: loginStudent,
    onSuccess: signedIn,
    onError: async (error) => {
      captcha.refused(error);
      setCodeNotice(isCodeRequired(error) ? error.message : null);
      if (error instanceof HttpError && error.status === 403 && error.code === 'INACTIVE') {
        await navigate(paths.inactive);
      }
    },
  });

  if (student !== null && !login.isPending && !login.isSuccess) {
    const target = loginDestination({
      emailVerified: student.emailVerified,
      verificationRequired: flags.isEmailVerificationEnabled,
      from,
    });
    return <Navigate to={target} replace />;
  }

  const submit = (recaptchaToken: string | null) => {
    setShowProblems(true);
    const found = loginProblems(t, email, password);
    const first = (['email', 'password'] as const).find((field) => found[field] !== undefined);
    if (first !== undefined) {
      focusField(formRef.current, first);
      return;
    }
    if (captcha.siteKey !== null && recaptchaToken === null) {
      setCaptchaAsked(true);
      focusField(formRef.current, 'recaptchaToken');
      return;
    }
    setCaptchaAsked(false);
    setCodeProblem(null);
    login.mutate({
      email: email.trim().toLowerCase(),
      password,
      ...(recaptchaToken === null ? {} : { recaptchaToken }),
    });
  };
  const { onSubmit, onCaptchaToken } = captchaSubmitHandlers(captcha, submit, login.isPending);

  if (codeNotice !== null) {
    return (
      <AuthCard title={t('auth.code.title')}>
        <LoginCodeStep
          email={email.trim().toLowerCase()}
          password={password}
          notice={codeNotice}
          onSignedIn={signedIn}
          onBack={(problem) => {
            login.reset();
            setCodeProblem(problem);
            setCodeNotice(null);
          }}
          onResend={() => submit(null)}
          resending={login.isPending}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.login.title')}>
      <p className="muted">{t('auth.login.intro')}</p>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={login.isPending}>
        <EmailField
          label={t('common.field.email')}
          dir="ltr"
          name="email"
          autoComplete="username"
          value={email}
          error={problems.email}
          onChange={(event) => setEmail(event.target.value)}
          data-testid="login-email"
        />
        <PasswordField
          label={t('common.field.password')}
          texts={passwordTexts(t)}
          name="password"
          autoComplete="current-password"
          value={password}
          error={problems.password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="login-password"
        />
        {login.isError && !(login.error instanceof HttpError && login.error.code === 'INACTIVE') ? (
          <Alert tone={isCaptchaRequired(login.error) ? 'info' : 'error'} data-testid="login-error">
            {describeStudentError(login.error)}
          </Alert>
        ) : null}
        {codeProblem !== null && !login.isError ? (
          <Alert tone="error" data-testid="login-error">
            {describeStudentError(codeProblem)}
          </Alert>
        ) : null}
        <LoginCaptchaBox
          captcha={captcha}
          onToken={onCaptchaToken}
          error={captchaAsked ? t('common.recaptcha.tick') : null}
          texts={recaptchaTexts(t)}
        />
        {login.isSuccess ? <Alert tone="success">{t('auth.login.done')}</Alert> : null}
        <SubmitButton
          pending={login.isPending}
          pendingLabel={t('auth.login.pending')}
          disabled={login.isPending || login.isSuccess}
          data-testid="login-submit"
        >
          {t('common.logIn')}
        </SubmitButton>
      </form>
      <div className="auth-page__links">
        <Link to={paths.forgotPassword} state={{ email: email.trim() }}>
          {t('auth.login.forgot')}
        </Link>
        {flags.isRegistrationEnabled ? (
          <span>
            {t('auth.login.newHere')} <Link to={paths.signup}>{t('common.signUp')}</Link>
          </span>
        ) : null}
      </div>
    </AuthCard>
  );
}

export default LoginPage;
