import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { studentHttp } from '../http/clients';
import { STUDENT_KEY_ROOT } from '../query/query-meta';
import { sessionActions } from './session-store';
import type { StudentSessionFields } from './session-types';

export const studentSessionQueryKey = [STUDENT_KEY_ROOT, 'me'] as const;

export function fetchStudentSession(signal?: AbortSignal): Promise<StudentSessionFields> {
  return studentHttp.get<StudentSessionFields>('/student/me', { signal });
}

/** Re-reads the signed-in student's state (grade, profile completion, e-mail verification) into the store. */
export function useStudentSessionSync(enabled = true) {
  const query = useQuery({
    queryKey: studentSessionQueryKey,
    queryFn: ({ signal }) => fetchStudentSession(signal),
    enabled,
    refetchOnMount: 'always',
  });
  const { data } = query;
  useEffect(() => {
    if (data !== undefined) {
      sessionActions.updateStudentSession(data);
    }
  }, [data]);
  return query;
}
