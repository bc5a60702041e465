import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../shared/http/http-error';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { LoadingBlock } from '../../../shared/ui/surface';
import { verifyEmail } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { oncePerKey } from './once-per-key';

type Outcome = 'verifying' | 'verified' | 'alreadyVerified' | 'invalid' | 'taken' | 'failed';

const verification = oncePerKey(verifyEmail);

/** Opens the link from the e-mail: confirms the address once, then says what happened. */
export function StudentVerificationPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const student = useStudentAuth();
  const [outcome, setOutcome] = useState<Outcome>(token === '' ? 'invalid' : 'verifying');
  // A change of address refused because another account took the address meanwhile (409).
  const [takenMessage, setTakenMessage] = useState('');
  const confirmed = outcome === 'verified' || outcome === 'alreadyVerified';
  // A signed-in student's stored state learns that the e-mail is now confirmed.
  useStudentSessionSync(student !== null && confirmed);

  const verifying = outcome === 'verifying';
  useEffect(() => {
    if (!verifying || token === '') {
      return;
    }
    let current = true;
    verification.run(token).then(
      (answer) => {
        if (current) {
          setOutcome(answer.status);
        }
      },
      (error: unknown) => {
        if (!current) {
          return;
        }
        const linkRefused = error instanceof HttpError && error.status === 400;
        const addressTaken = error instanceof HttpError && error.status === 409;
        if (!linkRefused && !addressTaken) {
          verification.forget(token);
        }
        if (addressTaken) {
          setTakenMessage(error.message);
        }
        setOutcome(linkRefused ? 'invalid' : addressTaken ? 'taken' : 'failed');
      },
    );
    return () => {
      current = false;
    };
  }, [token, verifying]);

  const next =
    student === null ? (
      <ButtonLink to={paths.login}>Log in</ButtonLink>
    ) : (
      <ButtonLink to={paths.dashboard}>Go to your dashboard</ButtonLink>
    );

  switch (outcome) {
    case 'verifying':
      return (
        <AuthCard title="Confirming your e-mail">
          <LoadingBlock label="Checking your link…" />
        </AuthCard>
      );
    case 'verified':
    case 'alreadyVerified':
      return (
        <AuthCard
          title={outcome === 'verified' ? 'Your e-mail is confirmed' : 'Your e-mail was already confirmed'}
          icon="success"
        >
          <div className="stack" data-testid="verification-result" data-status={outcome}>
            <p>
              {outcome === 'verified'
                ? 'Thank you! Your Riyazi account is ready to use.'
                : 'There is nothing more to do: this link was used before and your account is ready.'}
            </p>
            {next}
          </div>
        </AuthCard>
      );
    case 'invalid':
      return (
        <AuthCard title="This link does not work" icon="error">
          <div className="stack" data-testid="verification-result" data-status="invalid">
            <p>The confirmation link is incomplete or has expired.</p>
            <p className="muted">
              To get a new link, log in and press <strong>Send again</strong> on the page that asks you to
              confirm your e-mail.
            </p>
            {student === null ? (
              <ButtonLink to={paths.login}>Log in</ButtonLink>
            ) : (
              <ButtonLink to={paths.studentNotVerified}>Send a new link</ButtonLink>
            )}
          </div>
        </AuthCard>
      );
    case 'taken':
      return (
        <AuthCard title="This e-mail address cannot be used" icon="error">
          <div className="stack" data-testid="verification-result" data-status="taken">
            <p>{takenMessage}</p>
            <p className="muted">Your account keeps the e-mail address it had. You can choose another one.</p>
            {student === null ? (
              <ButtonLink to={paths.login}>Log in</ButtonLink>
            ) : (
              <ButtonLink to={paths.profileEdit}>Edit your profile</ButtonLink>
            )}
          </div>
        </AuthCard>
      );
    case 'failed':
      return (
        <AuthCard title="We could not check your link" icon="error">
          <div className="stack" data-testid="verification-result" data-status="failed">
            <p>
              Something went wrong while confirming your e-mail. Check your internet connection and try again.
            </p>
            <Button onClick={() => setOutcome('verifying')}>Try again</Button>
          </div>
        </AuthCard>
      );
  }
}

export default StudentVerificationPage;
