/** An error whose message is safe to show to the client, with the status to send. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent beside the message: field problems for forms, or a code the client acts on. */
    readonly extra: { errors?: Record<string, string>; code?: string; recaptchaSiteKey?: string } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A 400 about one form field, shown next to that field. */
export const fieldError = (field: string, problem: string) =>
  new HttpError(400, `${field}: ${problem}`, { errors: { [field]: problem } });

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string) => new HttpError(429, message);
