import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '../config/paths';
import { Button } from '../shared/ui/button';
import { Card } from '../shared/ui/surface';
import './layouts/layouts.css';

/** Last resort for a render crash or a chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;
  return (
    <div className="centered-page">
      <Card role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">Please reload the page. If it keeps happening, try again a little later.</p>
        {detail ? <p className="muted">{detail}</p> : null}
        <div className="row">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Link to={paths.home}>Home page</Link>
        </div>
      </Card>
    </div>
  );
}
