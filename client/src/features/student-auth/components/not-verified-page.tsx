import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../shared/http/http-error';
import { describeStudentError } from '../../../shared/http/student-error';
import { Ltr, useT } from '../../../shared/i18n';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth, useSystemFlags } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Alert } from '../../../shared/ui/surface';
import { resendVerificationEmail } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { StudentLogoutButton } from './student-logout-button';
import { useCooldown } from './use-cooldown';

const RESEND_COOLDOWN_SECONDS = 60;

/** For a signed-in student whose e-mail is not confirmed yet while confirmation is required. */
export function NotVerifiedPage() {
  const t = useT();
  const student = useStudentAuth();
  const { flags } = useSystemFlags();
  // The link may have been opened on another phone: ask the server again each time.
  const session = useStudentSessionSync(student !== null);
  const cooldown = useCooldown();
  const [checkAsked, setCheckAsked] = useState(false);
  const resend = useMutation({
    mutationFn: resendVerificationEmail,
    onError: (error) => {
      if (error instanceof HttpError && error.status === 429) {
        cooldown.start(RESEND_COOLDOWN_SECONDS);
      }
    },
  });

  if (student === null) {
    return <Navigate to={paths.login} replace />;
  }
  if (student.emailVerified || !flags.isEmailVerificationEnabled) {
    return <Navigate to={paths.dashboard} replace />;
  }

  const waiting = cooldown.secondsLeft > 0;
  return (
    <AuthCard title={t('auth.notVerified.title')} icon="info" testId="not-verified-page">
      <p>
        {fillTemplate(t('auth.notVerified.sent'), {
          email: (
            <span className="auth-page__email">
              <Ltr>{student.email}</Ltr>
            </span>
          ),
        })}
      </p>
      <p className="muted">{t('auth.notVerified.spam')}</p>
      {resend.isSuccess ? (
        <Alert tone="success" data-testid="resend-verification-sent">
          {resend.data.message}
        </Alert>
      ) : null}
      {resend.isError ? <Alert tone="error">{describeStudentError(resend.error)}</Alert> : null}
      <div className="row">
        <Button
          variant="secondary"
          disabled={resend.isPending || waiting}
          onClick={() => resend.mutate()}
          data-testid="resend-verification"
        >
          {resend.isPending
            ? t('common.sending')
            : waiting
              ? t('auth.notVerified.sendAgainIn', { seconds: cooldown.secondsLeft })
              : t('auth.notVerified.sendAgain')}
        </Button>
        <Button
          disabled={session.isFetching}
          onClick={() => {
            setCheckAsked(true);
            void session.refetch();
          }}
        >
          {session.isFetching && checkAsked ? t('common.checking') : t('auth.notVerified.confirmed')}
        </Button>
      </div>
      {checkAsked && session.isSuccess && !session.isFetching && !session.data.emailVerified ? (
        <p className="muted" aria-live="polite">
          {t('auth.notVerified.notYet')}
        </p>
      ) : null}
      <div className="auth-page__links">
        <span className="muted">
          {t('auth.notVerified.wrongEmail')} <Link to={paths.contact}>{t('common.contactOrganisers')}</Link>
        </span>
        <StudentLogoutButton variant="ghost" />
      </div>
    </AuthCard>
  );
}

export default NotVerifiedPage;
