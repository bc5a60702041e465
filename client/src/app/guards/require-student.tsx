import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSessionHydrated, useStudentAuth } from '../../shared/session/use-session';
import { LoadingBlock } from '../../shared/ui/surface';

/** Student private routes: a signed-in student, or /login remembering where they were going. */
export function RequireStudent() {
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const location = useLocation();
  if (!hydrated) {
    return <LoadingBlock />;
  }
  if (!student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  return <Outlet />;
}
