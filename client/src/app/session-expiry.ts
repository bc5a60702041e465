import type { QueryClient } from '@tanstack/react-query';
import { paths } from '../config/paths';
import { onSessionExpired } from '../shared/http/clients';
import { SESSION_EXPIRED_MESSAGE } from '../shared/http/http-error';
import { translate } from '../shared/i18n';
import { ADMIN_KEY_ROOT, STUDENT_KEY_ROOT } from '../shared/query/query-meta';
import { toastError } from '../shared/ui/toasts';
import type { AppRouter } from './router';

/** Spec §8: after the refresh attempts fail, say so once and send the user to the right login. */
export function registerSessionExpiry(router: AppRouter, queryClient: QueryClient): void {
  const currentPath = () => `${router.state.location.pathname}${router.state.location.search}`;

  onSessionExpired('admin', () => {
    toastError(SESSION_EXPIRED_MESSAGE, { id: 'session-expired' });
    queryClient.removeQueries({ queryKey: [ADMIN_KEY_ROOT] });
    void router.navigate(paths.admin.login, { replace: true, state: { from: currentPath() } });
  });

  onSessionExpired('student', () => {
    toastError(translate('common.sessionExpired'), { id: 'session-expired' });
    queryClient.removeQueries({ queryKey: [STUDENT_KEY_ROOT] });
    void router.navigate(paths.login, { replace: true, state: { from: router.state.location } });
  });
}
