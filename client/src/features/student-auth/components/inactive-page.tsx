import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../shared/i18n';
import { ButtonLink } from '../../../shared/ui/button';
import { AuthCard } from './auth-card';

export function InactivePage() {
  const t = useT();
  return (
    <AuthCard title={t('auth.inactive.title')} icon="error" testId="inactive-page">
      <p>{t('auth.inactive.text')}</p>
      <p className="muted">{t('auth.inactive.help')}</p>
      <div className="row">
        <ButtonLink to={paths.contact}>{t('common.contactOrganisers')}</ButtonLink>
        <Link to={paths.home}>{t('common.homePage')}</Link>
      </div>
    </AuthCard>
  );
}

export default InactivePage;
