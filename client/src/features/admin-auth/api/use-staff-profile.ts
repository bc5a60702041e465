import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionActions } from '../../../shared/session/session-store';
import { adminMeQueryKey, fetchStaffProfile } from './admin-auth-api';

/** Permissions can change on the server: re-read them each time the back office opens. */
export function useStaffProfileSync(enabled: boolean): void {
  const { data } = useQuery({
    queryKey: adminMeQueryKey,
    queryFn: ({ signal }) => fetchStaffProfile(signal),
    enabled,
    refetchOnMount: 'always',
  });
  useEffect(() => {
    if (data !== undefined) {
      sessionActions.updateAdminProfile(data);
    }
  }, [data]);
}
