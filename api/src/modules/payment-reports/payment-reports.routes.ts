import { Readable } from 'node:stream';
import type { Db } from '@riyazi/db';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendCsv } from '../../lib/csv-reply.js';
import { errorSchema } from '../../lib/schemas.js';
import { paymentCsv, paymentCsvFilename } from './payment-reports.csv.js';
import {
  failureOptionsSchema,
  failurePageSchema,
  failureQuery,
  paymentFilterQuery,
  paymentOptionsSchema,
  paymentPageQuery,
  paymentPageSchema,
  trailQuery,
  trailSchema,
} from './payment-reports.schemas.js';
import * as reports from './payment-reports.service.js';

const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const transactions = { permission: { module: 'paymentTransactions' as const, action: 'read' as const } };
const failures = { permission: { module: 'paymentFailure' as const, action: 'read' as const } };

export const paymentReportsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { engine }) => {
  // Reports read the replica unless this request wrote or a payment changed since its position.
  const read = async <T>(request: FastifyRequest, report: (db: Db) => Promise<T> | T) =>
    (await engine.reads.read(['payments'], async (db) => report(db), request)).value;
  app.get(
    '/admin/reports/payments/',
    {
      config: transactions,
      schema: {
        tags: ['reports'],
        summary:
          'Payments with their student and package, filtered on the server (days in Pakistan time), with totals and paid amount per day and gateway',
        querystring: paymentPageQuery,
        response: { 200: paymentPageSchema, ...guarded },
      },
    },
    async (request) => read(request, (db) => reports.paymentReport(db, request.query)),
  );
  app.get(
    '/admin/reports/payments/export/',
    {
      config: transactions,
      schema: {
        tags: ['reports'],
        summary: 'Every filtered payment as a CSV file, streamed a batch at a time',
        querystring: paymentFilterQuery,
        response: { 200: z.string().describe('text/csv'), ...guarded },
      },
    },
    async (request, reply) =>
      // A stream is piped as is, never serialized: the 200 schema only documents it.
      sendCsv(
        reply,
        paymentCsvFilename(),
        Readable.from(paymentCsv(await read(request, (db) => reports.paymentBatches(db, request.query)))),
      ),
  );
  app.get(
    '/admin/reports/payments/options/',
    {
      config: transactions,
      schema: {
        tags: ['reports'],
        summary:
          'Choices for the payments report filters: gateways, packages, grades and the cities of paying students',
        response: { 200: paymentOptionsSchema, ...guarded },
      },
    },
    async (request) => read(request, (db) => reports.paymentOptions(db)),
  );
  app.get(
    '/admin/reports/payment-failures/',
    {
      config: failures,
      schema: {
        tags: ['reports'],
        summary:
          'Payments that failed, expired or had a rejected or suspicious message, and problem messages naming no payment; newest first',
        querystring: failureQuery,
        response: { 200: failurePageSchema, ...guarded },
      },
    },
    async (request) => read(request, (db) => reports.failureReport(db, request.query)),
  );
  app.get(
    '/admin/reports/payment-failures/options/',
    {
      config: failures,
      schema: {
        tags: ['reports'],
        summary: 'Choices for the failures report filters: every payment gateway (and free)',
        response: { 200: failureOptionsSchema, ...guarded },
      },
    },
    async () => reports.failureOptions(),
  );
  app.get(
    '/admin/reports/payment-failures/logs/',
    {
      config: failures,
      schema: {
        tags: ['reports'],
        summary:
          "A payment's summary and every message about it (?id=payment id), or the trail a log belongs to (?log=log id)",
        querystring: trailQuery,
        response: { 200: trailSchema, 404: errorSchema, ...guarded },
      },
    },
    async (request) => read(request, (db) => reports.logTrail(db, request.query)),
  );
};
