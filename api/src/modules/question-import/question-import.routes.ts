import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { QuestionImportPreview, QuestionImportResult } from '../../contracts/question-import.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import { MAX_IMPORT_BYTES } from './question-import.parse.js';
import { commitImport, previewImport } from './question-import.service.js';
import { buildTemplate } from './question-import.template.js';

const create = { permission: { module: 'question' as const, action: 'create' as const } };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 413: errorSchema };

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const previewResponse = z.object({
  rows: z.array(
    z.object({
      rowNumber: z.number(),
      preview: z.string(),
      previewHtml: z.string(),
      ok: z.boolean(),
      errors: z.record(z.string(), z.string()),
    }),
  ),
  total: z.number(),
  valid: z.number(),
  invalid: z.number(),
}) satisfies z.ZodType<QuestionImportPreview>;
const resultResponse = z.object({
  created: z.number(),
  questionNos: z.array(z.number()),
}) satisfies z.ZodType<QuestionImportResult>;

/** The one uploaded file's bytes: 400 when none was sent, 413 past the size limit. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  const { bytes } = await readUploadedFile(request, {
    notMultipart: 'Send the spreadsheet as multipart/form-data in the field "file"',
    tooLarge: 'The file is larger than 2 MB: split it into smaller files',
  });
  return bytes;
}

export const questionImportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/question/import/template',
    {
      config: create,
      schema: {
        tags: ['questions'],
        summary: 'The import template (header and example rows; maths as $…$ or $$…$$ LaTeX), as CSV or XLSX',
        querystring: z.object({
          format: z.enum(['csv', 'xlsx'], { message: 'must be csv or xlsx' }).default('csv'),
        }),
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const file = await buildTemplate(db, format);
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="questions-template.${format}"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/question/import/preview',
    {
      config: create,
      schema: {
        tags: ['questions'],
        summary:
          'Reads a CSV (UTF-8) or XLSX of questions (at most 2 MB, 1000 rows) and checks every row like the form; saves nothing',
        consumes: ['multipart/form-data'],
        response: { 200: previewResponse, ...errors },
      },
    },
    async (request) => previewImport(db, await uploadedFile(request)),
  );

  app.post(
    '/question/import/commit',
    {
      config: create,
      schema: {
        tags: ['questions'],
        summary:
          'Checks the same file again and adds every question in one transaction; 400 naming the bad rows saves nothing',
        consumes: ['multipart/form-data'],
        response: {
          201: resultResponse,
          ...errors,
        },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await commitImport(db, staffActor(request), await uploadedFile(request))),
  );
};
