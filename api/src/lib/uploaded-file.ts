import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { badRequest, fieldError, HttpError } from './errors.js';

/**
 * The one file of a multipart request, read whole: 400 when the request is not multipart or has no
 * file, 413 with the route's own words past its size limit. A malformed body is already a 400 (the
 * input plugin's multipart guard).
 */
export async function readUploadedFile(
  request: FastifyRequest,
  messages: { notMultipart: string; tooLarge: string },
): Promise<{ part: MultipartFile; bytes: Buffer }> {
  if (!request.isMultipart()) {
    throw badRequest(messages.notMultipart);
  }
  const part = await request.file();
  if (!part) {
    throw fieldError('file', 'is required');
  }
  try {
    return { part, bytes: await part.toBuffer() };
  } catch (error) {
    throw (error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE'
      ? new HttpError(413, messages.tooLarge)
      : error;
  }
}
