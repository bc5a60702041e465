import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { useT } from '../shared/i18n';
import { Button } from '../shared/ui/button';
import { Card } from '../shared/ui/surface';
import './layouts/layouts.css';

/** Last resort for a render crash or a chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="centered-page">
      <Card role="alert">
        <h1>{t('common.routeError.title')}</h1>
        <p className="muted">{t('common.routeError.text')}</p>
        {detail ? (
          <p className="muted" dir="ltr">
            {detail}
          </p>
        ) : null}
        <div className="row">
          <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          <Link to={paths.home}>{t('common.homePage')}</Link>
        </div>
      </Card>
    </div>
  );
}
