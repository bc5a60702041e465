import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useT } from '../../../shared/i18n';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { Button, type ButtonVariant } from '../../../shared/ui/button';
import { logoutStudent } from '../api/student-auth-api';

export function StudentLogoutButton({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    await logoutStudent();
    queryClient.removeQueries({ queryKey: [STUDENT_KEY_ROOT] });
    await navigate(paths.login, { replace: true });
  };
  return (
    <Button
      variant={variant}
      small
      disabled={pending}
      onClick={() => void onClick()}
      data-testid="student-logout"
    >
      {pending ? t('auth.logout.pending') : t('auth.logout')}
    </Button>
  );
}
