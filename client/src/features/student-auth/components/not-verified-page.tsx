import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { describeError, HttpError } from '../../../shared/http/http-error';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth, useSystemFlags } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { resendVerificationEmail } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { StudentLogoutButton } from './student-logout-button';
import { useCooldown } from './use-cooldown';

const RESEND_COOLDOWN_SECONDS = 60;

/** For a signed-in student whose e-mail is not confirmed yet while confirmation is required. */
export function NotVerifiedPage() {
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
    <AuthCard title="Confirm your e-mail address" icon="info" testId="not-verified-page">
      <p>
        We sent a link to <span className="auth-page__email">{student.email}</span>. Open it to confirm that
        this e-mail address is yours, then come back here.
      </p>
      <p className="muted">
        Can’t find it? Look in the spam or junk folder. It can take a few minutes to arrive.
      </p>
      {resend.isSuccess ? (
        <Alert tone="success" data-testid="resend-verification-sent">
          {resend.data.message}
        </Alert>
      ) : null}
      {resend.isError ? <Alert tone="error">{describeError(resend.error)}</Alert> : null}
      <div className="row">
        <Button
          variant="secondary"
          disabled={resend.isPending || waiting}
          onClick={() => resend.mutate()}
          data-testid="resend-verification"
        >
          {resend.isPending ? 'Sending…' : waiting ? `Send again in ${cooldown.secondsLeft} s` : 'Send again'}
        </Button>
        <Button
          disabled={session.isFetching}
          onClick={() => {
            setCheckAsked(true);
            void session.refetch();
          }}
        >
          {session.isFetching && checkAsked ? 'Checking…' : 'I have confirmed it'}
        </Button>
      </div>
      {checkAsked && session.isSuccess && !session.isFetching && !session.data.emailVerified ? (
        <p className="muted" aria-live="polite">
          Not confirmed yet. Open the newest link we sent, then press the button again.
        </p>
      ) : null}
      <div className="auth-page__links">
        <span className="muted">
          Wrong e-mail address? <Link to={paths.contact}>Contact the organisers</Link>.
        </span>
        <StudentLogoutButton variant="ghost" />
      </div>
    </AuthCard>
  );
}

export default NotVerifiedPage;
