import { useLocation } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { Ltr, useT } from '../../../shared/i18n';
import { ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
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
  const t = useT();
  useDocumentTitle(t('account.success.title'));
  const { emailVerificationRequired, email } = successState(useLocation().state);
  return (
    <div className="account-page account-page--narrow" data-testid="signup-success">
      <Card className="notice">
        <span className="notice__icon notice__icon--success" aria-hidden="true">
          ✓
        </span>
        <h1>{t('account.success.title')}</h1>
        {emailVerificationRequired ? (
          <>
            <p>
              {fillTemplate(t('account.success.sent'), {
                email: email ? (
                  <>
                    {' '}
                    (
                    <strong className="account-page__email">
                      <Ltr>{email}</Ltr>
                    </strong>
                    )
                  </>
                ) : null,
              })}
            </p>
            <p className="muted">{t('account.success.spam')}</p>
          </>
        ) : (
          <p>{t('account.success.welcome')}</p>
        )}
        <ButtonLink to={paths.login} state={{ email }} data-testid="signup-success-login">
          {t('common.logIn')}
        </ButtonLink>
      </Card>
    </div>
  );
}

export default SignupSuccessPage;
