import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { badRequest, fieldError, HttpError } from '../lib/errors.js';
import { findUnstorableText, isStorableText } from '../lib/storable-text.js';

const CANNOT_STORE = 'contains a character that cannot be stored (NUL or an unpaired surrogate)';

/** 400 naming the first field whose text PostgreSQL cannot store. */
function refuseUnstorable(part: 'params' | 'query' | 'body', value: unknown): void {
  const found = findUnstorableText(value);
  if (found) {
    const field = found.path || part;
    throw found.inName
      ? fieldError(field, 'has a field name that cannot be stored (NUL or an unpaired surrogate)')
      : fieldError(field, CANNOT_STORE);
  }
}

const takesObject = new WeakMap<object, boolean>();

/** True when a route's body schema accepts only a JSON object (worked out once per schema). */
function bodyMustBeObject(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') {
    return false;
  }
  let known = takesObject.get(schema);
  if (known === undefined) {
    try {
      const json = z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' });
      known = json.type === 'object';
    } catch {
      known = false;
    }
    takesObject.set(schema, known);
  }
  return known;
}

/** A multipart parser error (no boundary, a body that is not multipart, a cut-off part) is the client's. */
function asFormError(error: unknown): never {
  if (error instanceof HttpError) {
    throw error;
  }
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    throw error;
  }
  throw badRequest('Malformed multipart/form-data body');
}

function checkPart<T extends Multipart>(part: T): T {
  const seen = Object.values(part.fields)
    .flat()
    .filter((p): p is Multipart => p !== undefined);
  for (const p of [part, ...seen]) {
    if (!isStorableText(p.fieldname)) {
      throw badRequest('A form field name contains a character that cannot be stored');
    }
    if (p.type === 'file' && !isStorableText(p.filename)) {
      throw fieldError(p.fieldname, 'the file name contains a character that cannot be stored');
    }
    if (p.type === 'field' && typeof p.value === 'string' && !isStorableText(p.value)) {
      throw fieldError(p.fieldname, CANNOT_STORE);
    }
  }
  if (part.type === 'file') {
    const toBuffer = part.toBuffer.bind(part);
    part.toBuffer = () => toBuffer().catch(asFormError);
  }
  return part;
}

async function* checkedParts<T extends Multipart>(parts: AsyncIterableIterator<T>) {
  try {
    for await (const part of parts) {
      yield checkPart(part);
    }
  } catch (error) {
    asFormError(error);
  }
}

/** Every multipart reader of this request hands out only checked parts, and parse errors as 400. */
function guardMultipart(request: FastifyRequest): void {
  const { file, files, parts } = request;
  request.file = async (options) => {
    const part = await file.call(request, options).catch(asFormError);
    return part && checkPart(part);
  };
  request.files = (options) => checkedParts(files.call(request, options));
  request.parts = (options) => checkedParts(parts.call(request, options));
}

/**
 * The edge rule for input (DESIGN "Rules added after the first release"): before any route sees a
 * request, text PostgreSQL cannot store (in the path, query, body or a multipart field or file name)
 * is refused with 400 naming the field, a body that is not an object is refused where the route
 * takes an object, and a malformed multipart body is a 400, not a parser crash.
 */
async function inputPlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (request) => {
    refuseUnstorable('params', request.params);
    refuseUnstorable('query', request.query);
    refuseUnstorable('body', request.body);
    const body = request.body;
    if (
      body !== undefined &&
      (body === null || typeof body !== 'object' || Array.isArray(body)) &&
      bodyMustBeObject(request.routeOptions.schema?.body)
    ) {
      throw fieldError('body', 'must be a JSON object');
    }
    if (typeof request.isMultipart === 'function' && request.isMultipart()) {
      guardMultipart(request);
    }
  });
}

export default fp(inputPlugin, { name: 'input', dependencies: ['errors'] });
