import { useQuery } from '@tanstack/react-query';
import { describeStudentError } from '../../../shared/http/student-error';
import { useT } from '../../../shared/i18n';
import { Button } from '../../../shared/ui/button';
import { Alert } from '../../../shared/ui/surface';
import { accountKeys, fetchProfile } from '../api/account-api';

/** The signed-in student's profile, fetched afresh each time a profile page opens. */
export const useProfile = () =>
  useQuery({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => fetchProfile(signal),
    refetchOnMount: 'always',
  });

/** The profile could not be loaded: why, and Try again. */
export function ProfileLoadFailed({ error, retry }: { error: unknown; retry: () => unknown }) {
  const t = useT();
  return (
    <Alert tone="error">
      <p>
        {t('account.profile.failed')} {describeStudentError(error)}
      </p>
      <Button small variant="secondary" onClick={() => void retry()}>
        {t('common.tryAgain')}
      </Button>
    </Alert>
  );
}
