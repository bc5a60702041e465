export const DEFAULT_ERROR_MESSAGE = 'An error occurred';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

export const NETWORK_ERROR_MESSAGE =
  'We could not reach Riyazi. Check your internet connection and try again.';

/** What an error body may carry beside its message: each form field's problem, or a code to act on. */
export interface ErrorDetails {
  fieldErrors: Readonly<Record<string, string>>;
  code: string | null;
  /** With code CAPTCHA_REQUIRED: the key to show the reCAPTCHA box with. */
  recaptchaSiteKey: string | null;
}

const NO_DETAILS: ErrorDetails = { fieldErrors: {}, code: null, recaptchaSiteKey: null };

export class HttpError extends Error {
  override readonly name: string = 'HttpError';
  readonly status: number;
  readonly statusText: string;
  /** Problems keyed by field name (400 validation failures); empty otherwise. */
  readonly fieldErrors: Readonly<Record<string, string>>;
  readonly code: string | null;
  readonly recaptchaSiteKey: string | null;

  constructor(
    status: number,
    statusText: string,
    message: string = DEFAULT_ERROR_MESSAGE,
    details: ErrorDetails = NO_DETAILS,
  ) {
    super(message);
    this.status = status;
    this.statusText = statusText;
    this.fieldErrors = details.fieldErrors;
    this.code = details.code;
    this.recaptchaSiteKey = details.recaptchaSiteKey;
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

export function detailsFromBody(body: unknown): ErrorDetails {
  if (typeof body !== 'object' || body === null) {
    return NO_DETAILS;
  }
  const fieldErrors: Record<string, string> = {};
  if ('errors' in body && typeof body.errors === 'object' && body.errors !== null) {
    for (const [field, problem] of Object.entries(body.errors)) {
      if (typeof problem === 'string' && problem.trim() !== '') {
        fieldErrors[field] = problem;
      }
    }
  }
  const code = 'code' in body && typeof body.code === 'string' ? body.code : null;
  const recaptchaSiteKey =
    'recaptchaSiteKey' in body && typeof body.recaptchaSiteKey === 'string' ? body.recaptchaSiteKey : null;
  return { fieldErrors, code, recaptchaSiteKey };
}

/** What a person should read for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  return error instanceof HttpError ? error.message : DEFAULT_ERROR_MESSAGE;
}

/** Like errorMessage, but says so plainly when the phone could not reach the server at all. */
export function describeError(error: unknown): string {
  return error instanceof HttpError && error.status === 0 ? NETWORK_ERROR_MESSAGE : errorMessage(error);
}
