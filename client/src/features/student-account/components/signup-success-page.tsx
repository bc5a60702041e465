import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { ButtonLink } from '../../../shared/ui/button';
import { Card } from '../../../shared/ui/surface';
import './account.css';

function successState(state: unknown): { emailVerificationRequired: boolean; email: string } {
  if (typeof state !== 'object' || state === null) {
    return { emailVerificationRequired: false, email: '' };
  }
  return {
    emailVerificationRequired:
      'emailVerificationRequired' in state && state.emailVerificationRequired === true,
    email: 'email' in state && typeof state.email === 'string' ? state.email : '',
  };
}

export function SignupSuccessPage() {
  useDocumentTitle('Your account is ready');
  const { emailVerificationRequired, email } = successState(useLocation().state);
  return (
    <div className="account-page account-page--narrow" data-testid="signup-success">
      <Card className="notice">
        <span className="notice__icon notice__icon--success" aria-hidden="true">
          ✓
        </span>
        <h1>Your account is ready</h1>
        {emailVerificationRequired ? (
          <>
            <p>
              We sent a link to your e-mail
              {email ? (
                <>
                  {' '}
                  (<strong className="account-page__email">{email}</strong>)
                </>
              ) : null}
              . Open it to confirm your address, then log in.
            </p>
            <p className="muted">It can take a few minutes to arrive. Look in the spam or junk folder too.</p>
          </>
        ) : (
          <p>Welcome to Riyazi! Log in to complete your profile and start practising.</p>
        )}
        <ButtonLink to={paths.login} state={{ email }} data-testid="signup-success-login">
          Log in
        </ButtonLink>
      </Card>
    </div>
  );
}

export default SignupSuccessPage;
