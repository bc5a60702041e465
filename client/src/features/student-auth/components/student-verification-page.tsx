import { type ReactNode, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../shared/http/http-error';
import { useT } from '../../../shared/i18n';
import { useStudentSessionSync } from '../../../shared/session/student-session';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { LoadingBlock } from '../../../shared/ui/surface';
import { verifyEmail } from '../api/student-login-api';
import { AuthCard } from './auth-card';
import { oncePerKey } from './once-per-key';

type Outcome = 'verifying' | 'verified' | 'alreadyVerified' | 'invalid' | 'taken' | 'failed';

const verification = oncePerKey(verifyEmail);

/** A link that did not verify the address: what happened, what to do, and where to go next. */
function RefusedLink(props: {
  title: string;
  status: Outcome;
  text: ReactNode;
  help: ReactNode;
  next: ReactNode;
}) {
  return (
    <AuthCard title={props.title} icon="error">
      <div className="stack" data-testid="verification-result" data-status={props.status}>
        <p>{props.text}</p>
        <p className="muted">{props.help}</p>
        {props.next}
      </div>
    </AuthCard>
  );
}

/** Opens the link from the e-mail: confirms the address once, then says what happened. */
export function StudentVerificationPage() {
  const t = useT();
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
      <ButtonLink to={paths.login}>{t('common.logIn')}</ButtonLink>
    ) : (
      <ButtonLink to={paths.dashboard}>{t('auth.verify.toDashboard')}</ButtonLink>
    );

  switch (outcome) {
    case 'verifying':
      return (
        <AuthCard title={t('auth.verify.checkingTitle')}>
          <LoadingBlock label={t('auth.verify.checking')} />
        </AuthCard>
      );
    case 'verified':
    case 'alreadyVerified':
      return (
        <AuthCard
          title={t(outcome === 'verified' ? 'auth.verify.doneTitle' : 'auth.verify.alreadyTitle')}
          icon="success"
        >
          <div className="stack" data-testid="verification-result" data-status={outcome}>
            <p>{t(outcome === 'verified' ? 'auth.verify.doneText' : 'auth.verify.alreadyText')}</p>
            {next}
          </div>
        </AuthCard>
      );
    case 'invalid':
      return (
        <RefusedLink
          title={t('auth.reset.badLinkTitle')}
          status="invalid"
          text={t('auth.verify.invalidText')}
          help={fillTemplate(t('auth.verify.invalidHelp'), {
            button: <strong>{t('auth.notVerified.sendAgain')}</strong>,
          })}
          next={
            student === null ? (
              <ButtonLink to={paths.login}>{t('common.logIn')}</ButtonLink>
            ) : (
              <ButtonLink to={paths.studentNotVerified}>{t('auth.verify.sendNew')}</ButtonLink>
            )
          }
        />
      );
    case 'taken':
      return (
        <RefusedLink
          title={t('auth.verify.takenTitle')}
          status="taken"
          text={takenMessage}
          help={t('auth.verify.takenHelp')}
          next={
            student === null ? (
              <ButtonLink to={paths.login}>{t('common.logIn')}</ButtonLink>
            ) : (
              <ButtonLink to={paths.profileEdit}>{t('auth.verify.editProfile')}</ButtonLink>
            )
          }
        />
      );
    case 'failed':
      return (
        <AuthCard title={t('auth.verify.failedTitle')} icon="error">
          <div className="stack" data-testid="verification-result" data-status="failed">
            <p>{t('auth.verify.failedText')}</p>
            <Button onClick={() => setOutcome('verifying')}>{t('common.tryAgain')}</Button>
          </div>
        </AuthCard>
      );
  }
}

export default StudentVerificationPage;
