import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { describeConnectionError, isConnectionLoss } from '../lib/connection-loss.js';
import { HttpError } from '../lib/errors.js';
import { preferredLanguage } from '../lib/i18n/accept-language.js';
import { urduFieldProblem, urduMessage } from '../lib/i18n/student-messages.js';
import { requestsUnavailable } from '../metrics/metrics.js';

/** What a request whose database or Redis connection was lost is told: send it again. */
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
const RETRY_AFTER_SECONDS = '2';

interface ErrorBody {
  message: string;
  errors?: Record<string, string>;
  [key: string]: unknown;
}

/** Student and public routes answer in Urdu when the child reads it; staff routes stay English. */
function wantsUrdu(request: FastifyRequest): boolean {
  const config = request.routeOptions.config as { permission?: unknown; staffOnly?: boolean } | undefined;
  if (config?.permission !== undefined || config?.staffOnly || request.staff) {
    return false;
  }
  if (/^\/api\/(user|admin)\//.test(request.url)) {
    return false;
  }
  return preferredLanguage(request.headers['accept-language']) === 'ur';
}

function inUrdu(body: ErrorBody): ErrorBody {
  const errors =
    body.errors === undefined
      ? undefined
      : Object.fromEntries(
          Object.entries(body.errors).map(([field, problem]) => [field, urduFieldProblem(problem)]),
        );
  return { ...body, message: urduMessage(body.message), ...(errors === undefined ? {} : { errors }) };
}

/** The first problem as the message, and every field's problem under `errors` for forms. */
function describeValidation(error: FastifyError): { message: string; errors?: Record<string, string> } {
  if (!hasZodFastifySchemaValidationErrors(error)) {
    return { message: error.message };
  }
  const errors: Record<string, string> = {};
  for (const issue of error.validation) {
    const field =
      issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'body';
    errors[field] ??= issue.message ?? 'is invalid';
  }
  const [field, problem] = Object.entries(errors)[0] ?? ['', 'is invalid'];
  return { message: `${field ? `${field}: ` : ''}${problem}`, errors };
}

/** Every error leaves as { message } with a fitting status; a 500 never carries internals. */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ErrorBody) =>
      reply.status(status).send(wantsUrdu(request) ? inUrdu(body) : body);
    if (error instanceof HttpError) {
      return send(error.statusCode, { message: error.message, ...error.extra });
    }
    if (error.validation) {
      return send(400, describeValidation(error));
    }
    if (isConnectionLoss(error)) {
      requestsUnavailable.inc();
      request.log.warn(
        { error: describeConnectionError(error) },
        'connection lost mid-request: answered 503',
      );
      reply.header('retry-after', RETRY_AFTER_SECONDS);
      return send(503, { message: UNAVAILABLE_MESSAGE });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, { message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.message;
      return send(status, { message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { message: 'Internal server error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
