export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  readonly status: number;
  readonly statusText: string;

  constructor(status: number, statusText: string, message: string = DEFAULT_ERROR_MESSAGE) {
    super(message);
    this.status = status;
    this.statusText = statusText;
  }
}

/** Thrown to every request of a burst once the refresh attempts are used up. */
export class SessionExpiredError extends HttpError {
  override readonly name: string = 'SessionExpiredError';

  constructor() {
    super(401, 'Unauthorized', SESSION_EXPIRED_MESSAGE);
  }
}

export function messageFromBody(body: unknown): string {
  if (typeof body === 'object' && body !== null && 'message' in body) {
    const { message } = body;
    if (typeof message === 'string' && message.trim() !== '') {
      return message;
    }
  }
  return DEFAULT_ERROR_MESSAGE;
}

/** What a person should read for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.message : DEFAULT_ERROR_MESSAGE;
}
