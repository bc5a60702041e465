import { publicHttp } from '../http/clients';
import { errorMessage, HttpError } from '../http/http-error';
import { sessionActions } from '../session/session-store';
import { fetchFlags } from './flags-api';

/** Loads the public flags into the session store; a failure is stored, never thrown. */
export async function loadFlagsIntoStore(): Promise<void> {
  sessionActions.setFlagsLoading();
  try {
    sessionActions.setFlags(await fetchFlags(publicHttp));
  } catch (error) {
    const message =
      error instanceof HttpError
        ? errorMessage(error)
        : error instanceof Error
          ? error.message
          : 'Could not load flags';
    sessionActions.setFlagsError(message);
  }
}
