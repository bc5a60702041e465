import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendCsv } from '../../lib/csv-reply.js';
import { errorSchema } from '../../lib/schemas.js';
import { csvFilename, reportCsv } from './question-report.csv.js';
import { reportFilterQuery, reportPageQuery, reportPageSchema } from './question-report.schemas.js';
import * as report from './question-report.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const allowed = { permission: { module: 'questionReports' as const, action: 'read' as const } };

export const questionReportRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/reports/questions/',
    {
      config: allowed,
      schema: {
        tags: ['reports'],
        summary:
          'Item statistics per question over finished plays: served, share correct, times, option choices, facility, discrimination, flags',
        querystring: reportPageQuery,
        response: { 200: reportPageSchema, ...guarded },
      },
    },
    async (request) => report.questionReport(db, request.query),
  );
  app.get(
    '/reports/questions/csv',
    {
      config: allowed,
      schema: {
        tags: ['reports'],
        summary: 'The whole question report (same filters and sort) as a CSV file',
        querystring: reportFilterQuery,
        response: { 200: z.string().describe('text/csv'), ...guarded },
      },
    },
    async (request, reply) => {
      const rows = await report.questionReportAll(db, request.query);
      return sendCsv(reply, csvFilename(), reportCsv(rows));
    },
  );
};
