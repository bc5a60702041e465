import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useT } from '../../shared/i18n';
import { useSessionRestore } from '../../shared/session/restore-session';
import { useSessionHydrated, useStudentAuth, useSystemFlags } from '../../shared/session/use-session';
import { LoadingBlock } from '../../shared/ui/surface';

/**
 * Student private routes: a signed-in student, or /login remembering where they were going. While
 * e-mail confirmation is required, an unconfirmed student is sent to the page that explains it.
 */
export function RequireStudent() {
  const t = useT();
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const { flags } = useSystemFlags();
  const location = useLocation();
  const restoring = useSessionRestore('student', hydrated && !student?.token.accessToken);
  if (!hydrated || restoring) {
    return <LoadingBlock label={t('common.loading')} />;
  }
  if (!student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (flags.isEmailVerificationEnabled && !student.emailVerified) {
    return <Navigate to={paths.studentNotVerified} replace />;
  }
  return <Outlet />;
}
