import { passwordProblem } from '@riyazi/api/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { firstInvalidField, focusField } from '../../../shared/forms/form-errors';
import { problemText } from '../../../shared/forms/problem-text';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { type Translate, useT } from '../../../shared/i18n';
import { ButtonLink, SubmitButton } from '../../../shared/ui/button';
import { PasswordField } from '../../../shared/ui/password-field';
import { passwordTexts } from '../../../shared/ui/student-texts';
import { Alert } from '../../../shared/ui/surface';
import { resetPassword } from '../api/student-login-api';
import { AuthCard, BackToLogin } from './auth-card';

type ResetField = 'password' | 'confirm';
const FIELDS: readonly ResetField[] = ['password', 'confirm'];

/** The e-mail is not known here: the server also refuses a password equal to it. */
function resetProblems(t: Translate, password: string, confirm: string): Partial<Record<ResetField, string>> {
  const problems: Partial<Record<ResetField, string>> = {};
  const problem = password === '' ? 'is required' : passwordProblem(password, '');
  if (problem !== null) {
    problems.password = problemText(t('auth.reset.newPassword'), problem, t);
  }
  if (confirm === '') {
    problems.confirm = t('auth.reset.againRequired');
  } else if (confirm !== password) {
    problems.confirm = t('auth.reset.notSame');
  }
  return problems;
}

function InvalidLink() {
  const t = useT();
  return (
    <AuthCard title={t('auth.reset.badLinkTitle')} icon="error" testId="reset-password-invalid">
      <p>{t('auth.reset.badLinkText')}</p>
      <p className="muted">{t('auth.reset.badLinkHelp')}</p>
      <ButtonLink to={paths.forgotPassword}>{t('auth.reset.askNew')}</ButtonLink>
    </AuthCard>
  );
}

export function ResetPasswordPage() {
  const t = useT();
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
        setServerProblem(problemText(t('auth.reset.newPassword'), problem, t));
        focusField(formRef.current, 'password');
      }
    },
  });

  if (token.length < 20) {
    return <InvalidLink />;
  }

  if (reset.isSuccess) {
    return (
      <AuthCard title={t('auth.reset.doneTitle')} icon="success" testId="reset-password-done">
        <p role="status">{reset.data.message}</p>
        <p className="muted">{t('auth.reset.doneText')}</p>
        <ButtonLink to={paths.login} data-testid="reset-password-login">
          {t('common.logIn')}
        </ButtonLink>
      </AuthCard>
    );
  }

  const passwordRefused = reset.error instanceof HttpError && reset.error.fieldErrors.password !== undefined;
  if (reset.error instanceof HttpError && reset.error.status === 400 && !passwordRefused) {
    return <InvalidLink />;
  }

  const problems = resetProblems(t, password, confirm);
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
    <AuthCard title={t('auth.reset.title')}>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={reset.isPending}>
        <PasswordField
          label={t('auth.reset.newPassword')}
          name="password"
          autoComplete="new-password"
          hint={t('common.passwordRule')}
          texts={passwordTexts(t)}
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
          label={t('auth.reset.again')}
          texts={passwordTexts(t)}
          name="confirm"
          autoComplete="new-password"
          value={confirm}
          error={shown('confirm')}
          onChange={(event) => setConfirm(event.target.value)}
          onBlur={() => setTouched((t) => ({ ...t, confirm: confirm !== '' || t.confirm }))}
          data-testid="reset-confirm"
        />
        {reset.isError && !passwordRefused ? (
          <Alert tone="error">{describeStudentError(reset.error)}</Alert>
        ) : null}
        <SubmitButton pending={reset.isPending} pendingLabel={t('common.saving')} data-testid="reset-submit">
          {t('auth.reset.submit')}
        </SubmitButton>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

export default ResetPasswordPage;
