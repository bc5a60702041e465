import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';

export function RegistrationClosed() {
  return (
    <div className="account-page stack" data-testid="registration-closed">
      <PageHeading title="Registration is closed" />
      <Card className="notice">
        <span className="notice__icon" aria-hidden="true">
          ✎
        </span>
        <p>
          <strong>New sign-ups are closed at the moment.</strong>
        </p>
        <p className="muted">
          Registration opens again before the next contest. Please check back soon, or follow the news on the
          home page.
        </p>
        <p className="muted">
          Already have an account? You can still log in. Questions? <Link to={paths.contact}>Contact us</Link>
          .
        </p>
        <div className="row">
          <ButtonLink to={paths.login}>Log in</ButtonLink>
          <Link to={paths.home}>Home page</Link>
        </div>
      </Card>
    </div>
  );
}
