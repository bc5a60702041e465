import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

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
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply.status(400).send(describeValidation(error));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body'
          : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });
}

export default fp(errorsPlugin, { name: 'errors' });
