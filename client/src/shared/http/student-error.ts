import { translate } from '../i18n';
import { DEFAULT_ERROR_MESSAGE, HttpError } from './http-error';

/**
 * describeError for student pages: the server's `message` as it was given (the api words it in the
 * child's language); the phone's own failures (no connection, no message) in the child's language.
 */
export function describeStudentError(error: unknown): string {
  if (error instanceof HttpError && error.status === 0) {
    return translate('common.network');
  }
  if (error instanceof HttpError && error.message !== DEFAULT_ERROR_MESSAGE) {
    return error.message;
  }
  return translate('common.error');
}
