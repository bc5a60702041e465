import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { StaffIdentity } from '#modules/staff-auth';
import type { AppContext } from '../../context.js';
import { hasPermission } from '../../contracts/permissions.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  exportIdQuery,
  exportJobSchema,
  exportListQuery,
  exportPageSchema,
  exportQuery,
  exportStartedSchema,
} from './student-export.schemas.js';
import * as exportsService from './student-export.service.js';

/** A stream is piped as is, never serialized: the 200 schema only documents it. */
function sendCsvFile(reply: FastifyReply, file: { stream: Readable; size: number; filename: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-length', file.size)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
/** Children's personal data in bulk: student:export, a permission of its own (and student:read). */
const studentExport = { permission: { module: 'student' as const, action: 'export' as const } };

const staffOf = (request: { staff: StaffIdentity | null }) => {
  if (!request.staff) {
    throw unauthorized();
  }
  const staff = request.staff;
  if (!hasPermission(staff.permissions, staff.isSuperAdmin, { module: 'student', action: 'read' })) {
    throw forbidden();
  }
  return staff;
};

export const studentExportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.get(
    '/student/downloadStudentCSV',
    {
      config: studentExport,
      schema: {
        tags: ['students'],
        summary:
          'Starts a CSV export of the students matching the list filters (needs student:export and student:read); answers 202 at once, progress is pushed to the job:{jobId} room',
        querystring: exportQuery,
        response: { 202: exportStartedSchema, 429: errorSchema, ...guarded },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await exportsService.startStudentExport(ctx, staffOf(request), request.query)),
  );
  app.get(
    '/admin/exports/',
    {
      config: studentExport,
      schema: {
        tags: ['students'],
        summary: "The signed-in admin's student exports, newest first (a Super Admin sees everyone's)",
        querystring: exportListQuery,
        response: { 200: exportPageSchema, ...guarded },
      },
    },
    async (request) => exportsService.listExports(ctx, staffOf(request), request.query),
  );
  app.get(
    '/admin/exports/status/',
    {
      config: studentExport,
      schema: {
        tags: ['students'],
        summary: "One export's state (the client's resync after joining its job room)",
        querystring: exportIdQuery,
        response: { 200: exportJobSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => exportsService.exportStatus(ctx, staffOf(request), request.query.id),
  );
  app.get(
    '/admin/exports/download/',
    {
      config: studentExport,
      schema: {
        tags: ['students'],
        summary:
          'The finished CSV file, for the admin who asked for it or a Super Admin; 410 once expired (24 h)',
        querystring: exportIdQuery,
        response: {
          200: z.string().describe('text/csv'),
          404: errorSchema,
          409: errorSchema,
          410: errorSchema,
          ...guarded,
        },
      },
    },
    async (request, reply) =>
      sendCsvFile(reply, await exportsService.exportDownload(ctx, staffOf(request), request.query.id)),
  );
};
