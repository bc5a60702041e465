import { publicHttp } from '../http/clients';
import { errorMessage, HttpError } from '../http/http-error';
import { sessionActions } from '../session/session-store';
import { fetchFlags } from './flags-api';

let inFlight: Promise<void> | null = null;

/** Loads the public flags into the session store; a failure is stored, never thrown. Calls made while one is running share it. */
export function loadFlagsIntoStore(): Promise<void> {
  inFlight ??= loadFlags().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function loadFlags(): Promise<void> {
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
