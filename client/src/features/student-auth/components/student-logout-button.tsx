import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { Button } from '../../../shared/ui/button';
import { logoutStudent } from '../api/student-auth-api';

export function StudentLogoutButton() {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const onClick = async () => {
    setPending(true);
    await logoutStudent();
    await navigate(paths.login, { replace: true });
  };
  return (
    <Button variant="secondary" small disabled={pending} onClick={() => void onClick()}>
      {pending ? 'Logging out…' : 'Log out'}
    </Button>
  );
}
