import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  adminDownloadQuery,
  certificateChangeResponse,
  certificateIdParams,
  certificateListQuery,
  certificateListResponse,
  reasonBody,
} from './certificates-admin.schemas.js';
import * as service from './certificates-admin.service.js';

const certificate = (action: Action) => ({ permission: { module: 'certificate', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const tags = ['certificates'];

export const certificatesAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/admin/certificates',
    {
      config: certificate('read'),
      schema: {
        tags,
        summary:
          'Certificates, newest first: by phase, student, status (ACTIVE, REVOKED) and search (code, student number, name)',
        querystring: certificateListQuery,
        response: { 200: certificateListResponse, ...guarded },
      },
    },
    async (request) => service.listCertificates(ctx.db, request.query),
  );

  app.get(
    '/admin/certificates/:id/download',
    {
      config: certificate('read'),
      schema: {
        tags,
        summary: 'A certificate as the PDF the student gets (en or ur); 409 while it is still being drawn',
        params: certificateIdParams,
        querystring: adminDownloadQuery,
        response: {
          200: z.unknown().describe('application/pdf'),
          ...guarded,
          404: errorSchema,
          409: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const file = await service.adminDownload(ctx, request.params.id, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.post(
    '/admin/certificates/:id/revoke',
    {
      config: certificate('update'),
      schema: {
        tags,
        summary:
          'Revokes a certificate with a reason (the public page then says revoked and when); 409 when already revoked; audited',
        params: certificateIdParams,
        body: reasonBody,
        response: { 200: certificateChangeResponse, ...guarded, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      service.revokeCertificate(ctx.db, staffActor(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/certificates/:id/reissue',
    {
      config: certificate('update'),
      schema: {
        tags,
        summary:
          'Re-issues a certificate under a new code (revoking the old one if it still holds); its PDF is drawn and e-mailed in the background; audited',
        params: certificateIdParams,
        body: reasonBody,
        response: { 200: certificateChangeResponse, ...guarded, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request) =>
      service.reissueCertificate(ctx, staffActor(request), request.params.id, request.body.reason),
  );
};
