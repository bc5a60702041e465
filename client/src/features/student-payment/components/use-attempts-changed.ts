import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { sessionActions, useSessionStore } from '../../../shared/session/session-store';

/**
 * After a payment, a code or a grant: the server's attempt count goes into the session (quiz state
 * and isAttemptEarned), and the quiz lists refetch.
 */
export function useAttemptsChanged() {
  const queryClient = useQueryClient();
  return useCallback(
    (contestAttempts: number) => {
      // Only a payment or a code calls this, and both mark the student as having paid.
      sessionActions.setQuiz({ contestAttempts, isPaymentMade: true });
      const auth = useSessionStore.getState().studentAuth;
      if (auth !== null) {
        sessionActions.updateStudentSession({ ...auth, isAttemptEarned: contestAttempts > 0 });
      }
      void queryClient.invalidateQueries({ queryKey: [STUDENT_KEY_ROOT, 'play-quiz'] });
    },
    [queryClient],
  );
}
