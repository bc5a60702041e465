import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffActor, studentIdOf } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  certificateRunSchema,
  codeParams,
  downloadQuery,
  phaseBody,
  phaseQuery,
  publicCertificateSchema,
  runStartedSchema,
  studentCertificateSchema,
} from './certificates.schemas.js';
import * as service from './certificates.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

export const certificatesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/certificates/verify/:code',
    {
      schema: {
        tags: ['certificates'],
        summary:
          'Public verification of a certificate code: only what the certificate prints (30 a minute per network)',
        params: codeParams,
        response: { 200: z.object({ data: publicCertificateSchema }), 404: errorSchema, 429: errorSchema },
      },
    },
    async (request) => ({
      data: await service.verifyCertificate(
        { db: ctx.db, redis: ctx.redis, redisPrefix: ctx.config.REDIS_PREFIX },
        request.params.code,
        request.ip,
      ),
    }),
  );
  app.get(
    '/student/certificates',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['certificates'],
        summary: "The signed-in student's own certificates",
        response: { 200: z.object({ data: z.array(studentCertificateSchema) }), ...errors },
      },
    },
    async (request) => ({ data: await service.studentCertificates(ctx.db, studentIdOf(request)) }),
  );
  app.get(
    '/student/certificates/download',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['certificates'],
        summary: "One of the signed-in student's certificates as a PDF (en or ur); anyone else's is 404",
        querystring: downloadQuery,
        response: { 200: z.unknown().describe('application/pdf'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.studentDownload(
        ctx,
        studentIdOf(request),
        request.query.id,
        request.query.lang,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
  app.post(
    '/admin/certificates/run',
    {
      config: { permission: { module: 'phase', action: 'update' } },
      schema: {
        tags: ['certificates'],
        summary:
          "Starts the phase's certificate run (issues what students earned and lack, draws the PDFs, e-mails each once); 202, progress on job:{jobId}",
        body: phaseBody,
        response: { 202: runStartedSchema, 409: errorSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await service.startRun(ctx, staffActor(request), request.body.phaseId)),
  );
  app.get(
    '/admin/certificates/run',
    {
      config: { permission: { module: 'phase', action: 'read' } },
      schema: {
        tags: ['certificates'],
        summary: "The phase's latest certificate run and its progress (null: none yet)",
        querystring: phaseQuery,
        response: { 200: z.object({ data: certificateRunSchema.nullable() }), ...errors },
      },
    },
    async (request) => ({ data: await service.latestRun(ctx.db, request.query.phaseId) }),
  );
};
