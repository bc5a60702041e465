import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ButtonLink } from '../../../shared/ui/button';
import { AuthCard } from './auth-card';

export function InactivePage() {
  return (
    <AuthCard title="Your account is inactive" icon="error" testId="inactive-page">
      <p>
        The organisers have switched off this Riyazi account, so you cannot log in with it right now. Your
        details and results are kept.
      </p>
      <p className="muted">
        If you think this is a mistake, contact the organisers. Tell them the e-mail address you signed up
        with and the name of the student, and they will look into it.
      </p>
      <div className="row">
        <ButtonLink to={paths.contact}>Contact the organisers</ButtonLink>
        <Link to={paths.home}>Home page</Link>
      </div>
    </AuthCard>
  );
}

export default InactivePage;
