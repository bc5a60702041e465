import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { loadFlagsIntoStore } from '../../../shared/flags/load-flags';
import { useLoadedFlags } from '../../../shared/flags/use-loaded-flags';
import { useT } from '../../../shared/i18n';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { RegistrationClosed } from './registration-closed';
import { SignupForm } from './signup-form';
import './account.css';

export function SignupPage() {
  const t = useT();
  const { flags, ready, failed } = useLoadedFlags();
  const student = useStudentAuth();

  if (failed) {
    return (
      <div className="account-page stack">
        <PageHeading title={t('account.signup.title')} />
        <Alert tone="error">
          <p>{t('account.signup.flagsFailed')}</p>
          <Button small variant="secondary" onClick={() => void loadFlagsIntoStore()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      </div>
    );
  }
  if (!ready) {
    return <LoadingBlock label={t('common.loading')} />;
  }
  if (!flags.isRegistrationEnabled) {
    return <RegistrationClosed />;
  }

  return (
    <div className="account-page stack" data-testid="signup-page">
      <PageHeading title={t('account.signup.heading')}>{t('account.signup.intro')}</PageHeading>
      {student !== null ? (
        <Alert tone="info">
          {fillTemplate(t('account.signup.loggedInAs'), {
            name: student.username,
            link: <Link to={paths.dashboard}>{t('account.signup.yourDashboard')}</Link>,
          })}
        </Alert>
      ) : null}
      <Card>
        <SignupForm recaptchaEnabled={flags.isRecaptchaEnabled} />
      </Card>
      <p className="account-page__footer">
        {t('account.signup.haveAccount')} <Link to={paths.login}>{t('common.logIn')}</Link>
      </p>
    </div>
  );
}

export default SignupPage;
