import { toast } from 'react-hot-toast';
import type { NavigateFunction } from 'react-router-dom';
import { paths } from '../../config/paths';
import { DEFAULT_ERROR_MESSAGE, HttpError } from '../http/http-error';
import { translate } from '../i18n';

export function isUnauthorized(error: unknown): boolean {
  return error instanceof HttpError && (error.status === 401 || error.statusText === 'Unauthorized');
}

/**
 * What a child reads for a failed play-quiz call, in their language: a lost connection says so,
 * a message of the server's (in the language asked for with Accept-Language) is shown as it is,
 * and anything else is the catalogue's 'An error occurred'.
 */
export function playQuizErrorText(error: unknown): string {
  if (error instanceof HttpError && error.status === 0) {
    return translate('common.network');
  }
  if (error instanceof HttpError && error.message !== DEFAULT_ERROR_MESSAGE) {
    return error.message;
  }
  return translate('common.error');
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
  toast.error(playQuizErrorText(error), { id: 'play-quiz-error' });
}

export const errorCode = (error: unknown): string | null => (error instanceof HttpError ? error.code : null);
