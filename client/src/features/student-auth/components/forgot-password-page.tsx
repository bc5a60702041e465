import { forgotPasswordSchema } from '@riyazi/api/contracts/accounts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { focusField } from '../../../shared/forms/form-errors';
import { problemText } from '../../../shared/forms/problem-text';
import { describeStudentError } from '../../../shared/http/student-error';
import { translate, useT } from '../../../shared/i18n';
import { Button, SubmitButton } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { requestPasswordReset } from '../api/student-login-api';
import { AuthCard, BackToLogin } from './auth-card';
import { loginState } from './login-destination';

function emailProblem(email: string): string | null {
  const result = forgotPasswordSchema.safeParse({ email });
  const problem = result.success ? null : (result.error.issues[0]?.message ?? 'is invalid');
  return problem === null
    ? null
    : problemText(translate('common.field.email'), email.trim() === '' ? 'is required' : problem);
}

export function ForgotPasswordPage() {
  const t = useT();
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
      <AuthCard title={t('auth.forgot.sentTitle')} icon="success" testId="forgot-password-sent">
        <p role="status">{request.data.message}</p>
        <p className="muted">{t('auth.forgot.sentText')}</p>
        <div className="auth-page__links">
          <Link to={paths.login}>{t('common.backToLogin')}</Link>
          <Button variant="ghost" small onClick={() => request.reset()}>
            {t('auth.forgot.another')}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgot.title')}>
      <p className="muted">{t('auth.forgot.intro')}</p>
      <form ref={formRef} className="stack" noValidate onSubmit={onSubmit} aria-busy={request.isPending}>
        <EmailField
          label={t('common.field.email')}
          dir="ltr"
          name="email"
          autoComplete="email"
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.target.value)}
          onBlur={() => setShowProblem((shown) => shown || email.trim() !== '')}
          data-testid="forgot-email"
        />
        {request.isError ? <Alert tone="error">{describeStudentError(request.error)}</Alert> : null}
        <SubmitButton
          pending={request.isPending}
          pendingLabel={t('common.sending')}
          data-testid="forgot-submit"
        >
          {t('auth.forgot.submit')}
        </SubmitButton>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

export default ForgotPasswordPage;
