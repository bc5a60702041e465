import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';
import { sessionActions } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { logoutStaff } from '../api/admin-auth-api';

export function AdminLogoutButton() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useMutation({
    mutationKey: [ADMIN_KEY_ROOT, 'logout'],
    mutationFn: logoutStaff,
    meta: { silent: true },
    // Signed out locally whatever the server said: the user asked to leave.
    onSettled: async () => {
      sessionActions.clearAdminAuth();
      queryClient.removeQueries({ queryKey: [ADMIN_KEY_ROOT] });
      await navigate(paths.admin.login, { replace: true });
    },
  });
  return (
    <Button variant="secondary" small disabled={logout.isPending} onClick={() => logout.mutate()}>
      {logout.isPending ? 'Logging out…' : 'Log out'}
    </Button>
  );
}
