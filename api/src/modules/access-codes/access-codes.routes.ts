import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor, studentIdOf } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  batchListResponse,
  codeBatchSchema,
  createBatchBody,
  idQuery,
  listBatchesQuery,
  messageResponse,
  redeemBody,
  redeemResponse,
  revokeCodeQuery,
} from './access-codes.schemas.js';
import * as service from './access-codes.service.js';
import { redeemCode } from './redeem.service.js';

const code = (action: Action) => ({ permission: { module: 'code', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };

export const accessCodesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, redis, config }) => {
  app.get(
    '/admin/codeBatch/',
    {
      config: code('read'),
      schema: {
        tags: ['access codes'],
        summary: 'Access code batches, newest first, with how many of their codes were redeemed',
        querystring: listBatchesQuery,
        response: { 200: batchListResponse, ...guarded },
      },
    },
    async (request) => service.listBatches(db, request.query),
  );

  app.post(
    '/admin/codeBatch/create/',
    {
      config: code('create'),
      schema: {
        tags: ['access codes'],
        summary:
          'Generates a batch of single-use codes (XXXX-XXXX-XXXX, 60 random bits each) in one transaction; audited without the codes',
        body: createBatchBody,
        response: { 201: z.object({ data: codeBatchSchema }), ...changes },
      },
    },
    async (request, reply) => {
      const data = await service.createBatch(db, staffActor(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/admin/codeBatch/export/',
    {
      config: code('export'),
      schema: {
        tags: ['access codes'],
        summary:
          "A batch's codes as CSV: code, status, when redeemed and the redeeming student's number (no names)",
        querystring: idQuery,
        response: { 200: z.string().describe('text/csv'), ...guarded, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await service.exportBatch(db, request.query.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/admin/codeBatch/revoke/',
    {
      config: code('update'),
      schema: {
        tags: ['access codes'],
        summary: 'Revokes a batch: none of its unused codes can be redeemed any more; audited',
        querystring: idQuery,
        response: { 200: z.object({ message: z.string(), data: codeBatchSchema }), ...changes },
      },
    },
    async (request) => {
      const { batch, revoked } = await service.revokeBatch(db, staffActor(request), request.query.id);
      return {
        message: `Batch revoked: ${revoked} unused code${revoked === 1 ? '' : 's'} revoked.`,
        data: batch,
      };
    },
  );

  app.post(
    '/admin/code/revoke/',
    {
      config: code('update'),
      schema: {
        tags: ['access codes'],
        summary: 'Revokes one unused code, by its id or by the code itself; audited',
        querystring: revokeCodeQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.revokeCode(db, staffActor(request), request.query);
      return { message: 'Code revoked' };
    },
  );

  app.post(
    '/payment/redeem-code',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary:
          'Redeems a prepaid access code for the signed-in student (any case, spaces or dashes); every refusal is the same 400; 10 failed tries an hour per student, 30 per address',
        body: redeemBody,
        response: { 200: redeemResponse, 400: errorSchema, 401: errorSchema, 429: errorSchema },
      },
    },
    async (request) =>
      redeemCode(
        { db, redis, redisPrefix: config.REDIS_PREFIX },
        { studentId: studentIdOf(request), ip: request.ip },
        request.body.code,
      ),
  );
};
