import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { BULK_UPLOAD_MAX_BYTES } from '../../contracts/bulk-upload.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import { readUploadedFile } from '../../lib/uploaded-file.js';
import {
  confirmBody,
  idQuery,
  pageQuery,
  previewResponse,
  runListSchema,
  runSchema,
  templateQuery,
} from './bulk-upload.schemas.js';
import { confirmUpload, getRun, listRuns, previewUpload, resultCsv } from './bulk-upload.service.js';
import { buildTemplate } from './bulk-upload.template.js';

const read = { permission: { module: 'bulkUpload' as const, action: 'read' as const } };
const create = { permission: { module: 'bulkUpload' as const, action: 'create' as const } };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const tags = ['bulk upload'];

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The one uploaded file: 400 when none was sent, 413 past 5 MB. */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string; bytes: Buffer }> {
  const { part, bytes } = await readUploadedFile(request, {
    notMultipart: 'Send the spreadsheet as multipart/form-data in the field "file"',
    tooLarge: 'The file is larger than 5 MB: split it into smaller files',
  });
  return { fileName: (part.filename || 'students.csv').slice(0, 200), bytes };
}

export const bulkUploadRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: BULK_UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.get(
    '/admin/bulkUpload/template/',
    {
      config: read,
      schema: {
        tags,
        summary: 'The student upload template (header and one example row), as CSV or XLSX',
        querystring: templateQuery,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="students-template.${format}"`)
        .header('cache-control', 'no-store')
        .send(await buildTemplate(ctx.db, format));
    },
  );

  app.post(
    '/admin/bulkUpload/preview/',
    {
      config: create,
      schema: {
        tags,
        summary:
          'Reads a CSV (UTF-8) or XLSX of students (at most 5 MB, 20,000 rows), checks every row and keeps it as a pending upload',
        consumes: ['multipart/form-data'],
        response: { 200: previewResponse, ...errors, 413: errorSchema },
      },
    },
    async (request) => {
      const { fileName, bytes } = await uploadedFile(request);
      return previewUpload(ctx, staffActor(request), fileName, bytes);
    },
  );

  app.post(
    '/admin/bulkUpload/confirm/',
    {
      config: create,
      schema: {
        tags,
        summary: 'Starts creating the students of a previewed upload in the background (job id = upload id)',
        body: confirmBody,
        response: { 202: runSchema, ...errors },
      },
    },
    async (request, reply) => {
      await confirmUpload(ctx, staffActor(request), request.body);
      return reply.status(202).send(await getRun(ctx, request.body.uploadId));
    },
  );

  app.get(
    '/admin/bulkUpload/',
    {
      config: read,
      schema: {
        tags,
        summary: 'Bulk upload runs, newest first',
        querystring: pageQuery,
        response: { 200: runListSchema, ...errors },
      },
    },
    async (request) => listRuns(ctx, request.query.page),
  );

  app.get(
    '/admin/bulkUpload/run/',
    {
      config: read,
      schema: {
        tags,
        summary: 'One run: status, progress and counts (the resync after joining its room)',
        querystring: idQuery,
        response: { 200: runSchema, ...errors },
      },
    },
    async (request) => getRun(ctx, request.query.id),
  );

  app.get(
    '/admin/bulkUpload/result/',
    {
      config: read,
      schema: {
        tags,
        summary: 'CSV of a finished run: row, email, outcome (created, already registered, invalid), error',
        querystring: idQuery,
      },
    },
    async (request, reply) => {
      const { fileName, csv } = await resultCsv(ctx, request.query.id);
      return reply
        .header('content-type', CONTENT_TYPES.csv)
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
