import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../shared/i18n';
import { ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';

export function RegistrationClosed() {
  const t = useT();
  return (
    <div className="account-page stack" data-testid="registration-closed">
      <PageHeading title={t('account.closed.title')} />
      <Card className="notice">
        <span className="notice__icon" aria-hidden="true">
          ✎
        </span>
        <p>
          <strong>{t('account.closed.text')}</strong>
        </p>
        <p className="muted">{t('account.closed.help')}</p>
        <p className="muted">
          {fillTemplate(t('account.closed.login'), {
            link: <Link to={paths.contact}>{t('account.closed.contact')}</Link>,
          })}
        </p>
        <div className="row">
          <ButtonLink to={paths.login}>{t('common.logIn')}</ButtonLink>
          <Link to={paths.home}>{t('common.homePage')}</Link>
        </div>
      </Card>
    </div>
  );
}
