import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { loadFlagsIntoStore } from '../../../shared/flags/load-flags';
import { useLoadedFlags } from '../../../shared/flags/use-loaded-flags';
import { useStudentAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { RegistrationClosed } from './registration-closed';
import { SignupForm } from './signup-form';
import './account.css';

export function SignupPage() {
  const { flags, ready, failed } = useLoadedFlags();
  const student = useStudentAuth();

  if (failed) {
    return (
      <div className="account-page stack">
        <PageHeading title="Sign up" />
        <Alert tone="error">
          <p>We could not check whether sign-up is open. Check your internet connection and try again.</p>
          <Button small variant="secondary" onClick={() => void loadFlagsIntoStore()}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  if (!ready) {
    return <LoadingBlock />;
  }
  if (!flags.isRegistrationEnabled) {
    return <RegistrationClosed />;
  }

  return (
    <div className="account-page stack" data-testid="signup-page">
      <PageHeading title="Create your Riyazi account">
        For students of grades 2 to 9. A parent can fill this in together with the student.
      </PageHeading>
      {student !== null ? (
        <Alert tone="info">
          You are logged in as {student.username}. To sign up another student, just fill in the form, or go to{' '}
          <Link to={paths.dashboard}>your dashboard</Link>.
        </Alert>
      ) : null}
      <Card>
        <SignupForm recaptchaEnabled={flags.isRecaptchaEnabled} />
      </Card>
      <p className="account-page__footer">
        Already have an account? <Link to={paths.login}>Log in</Link>
      </p>
    </div>
  );
}

export default SignupPage;
