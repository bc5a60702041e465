import { toast } from 'react-hot-toast';
import type { NavigateFunction } from 'react-router-dom';
import { paths } from '../../config/paths';
import { errorMessage, HttpError } from '../http/http-error';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.statusText === 'Unauthorized');
}

/**
 * Spec §8 for play-quiz calls: 'Unauthorized' goes to /login (remembering the screen), anything else
 * toasts the server's message or 'An error occurred'; the student stays where they are.
 */
export function reportPlayQuizError(error: unknown, navigate: NavigateFunction): void {
  console.error('play-quiz call failed', error);
  if (isUnauthorized(error)) {
    void navigate(paths.login, {
      replace: true,
      state: { from: { pathname: window.location.pathname, search: window.location.search } },
    });
    return;
  }
  toast.error(errorMessage(error), { id: 'play-quiz-error' });
}

export const errorCode = (error: unknown): string | null => (error instanceof HttpError ? error.code : null);
