import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { studentIdOf } from '../../lib/actors.js';
import { HttpError, tooManyRequests } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import { documentStore, MAX_DOCUMENT_BYTES } from './document-files.js';
import { type DocumentKind, listOwnDocuments, sendDocument, uploadDocument } from './documents.service.js';

export const documentSchema = z.object({
  _id: z.string(),
  kind: z.enum(['SCHOOL_ID', 'B_FORM']),
  contentType: z.string(),
  sizeBytes: z.number(),
  status: z.string(),
  createdAt: z.string(),
});
const KINDS: readonly DocumentKind[] = ['SCHOOL_ID', 'B_FORM'];
const errors = {
  400: errorSchema,
  401: errorSchema,
  404: errorSchema,
  413: errorSchema,
  429: errorSchema,
  503: errorSchema,
};

export const documentsRoutes: FastifyPluginAsyncZod<AppContext> = async (
  app,
  { db, redis, config, storage },
) => {
  const store = documentStore(storage);
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5 },
  });

  app.post(
    '/student/documents',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary:
          'Uploads a school ID card or B-form (photo or PDF, at most 5 MB): form fields kind, then file',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ data: documentSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const studentId = studentIdOf(request);
      const limit = await hitRateLimit(redis, `${config.REDIS_PREFIX}:rl:upload:${studentId}`, 10, 3600);
      if (!limit.allowed) {
        throw tooManyRequests('Too many uploads. Please try again later.');
      }
      const { part, bytes } = await readUploadedFile(request, {
        notMultipart: 'Send the document as multipart/form-data',
        tooLarge: 'The file is larger than 5 MB. Please upload a smaller photo or PDF.',
      });
      const kindField = part.fields.kind;
      const kind = kindField && 'value' in kindField ? String(kindField.value) : '';
      if (!KINDS.includes(kind as DocumentKind)) {
        throw new HttpError(400, 'kind: must be SCHOOL_ID or B_FORM (send it before the file)', {
          errors: { kind: 'must be SCHOOL_ID or B_FORM' },
        });
      }
      const data = await uploadDocument(
        db,
        store,
        studentId,
        kind as DocumentKind,
        { bytes, filename: part.filename },
        request.ip,
      );
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/student/documents',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary: "The signed-in student's own documents",
        response: { 200: z.object({ data: z.array(documentSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await listOwnDocuments(db, studentIdOf(request)) }),
  );

  app.get(
    '/student/documents/:id/file',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student profile'],
        summary: 'One of the own documents (another student’s answers 404)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => sendDocument(db, store, reply, request.params.id, studentIdOf(request)),
  );

  app.get(
    '/studentVerification/document/',
    {
      config: { permission: { module: 'studentVerification', action: 'read' } },
      schema: {
        tags: ['student verification'],
        summary: 'A student document, for staff who verify students',
        querystring: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => sendDocument(db, store, reply, request.query.id, null),
  );
};
