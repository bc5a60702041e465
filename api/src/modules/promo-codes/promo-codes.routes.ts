import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Action } from '../../contracts/permissions.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  idQuery,
  listPromoQuery,
  messageResponse,
  packageOptionsResponse,
  promoBody,
  promoChanges,
  promoCodeSchema,
  promoListResponse,
  statusBody,
} from './promo-codes.schemas.js';
import * as service from './promo-codes.service.js';

const promoCode = (action: Action) => ({ permission: { module: 'promoCode', action } as const });
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };

export const promoCodesRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db }) => {
  app.get(
    '/admin/promoCode/',
    {
      config: promoCode('read'),
      schema: {
        tags: ['promo codes'],
        summary: 'Promo codes, newest first; search matches the code or description',
        querystring: listPromoQuery,
        response: { 200: promoListResponse, ...guarded },
      },
    },
    async (request) => service.listPromoCodes(db, request.query),
  );

  app.get(
    '/admin/promoCode/packages/',
    {
      config: promoCode('read'),
      schema: {
        tags: ['promo codes'],
        summary: 'Every payment package a promo code may be limited to',
        response: { 200: packageOptionsResponse, ...guarded },
      },
    },
    async () => ({ data: await service.listPackageOptions(db) }),
  );

  app.post(
    '/admin/promoCode/create/',
    {
      config: promoCode('create'),
      schema: {
        tags: ['promo codes'],
        summary:
          'Adds a promo code (stored upper-case; FIXED discounts in rupees); 409 when the code exists; audited',
        body: promoBody,
        response: { 201: z.object({ data: promoCodeSchema }), ...changes },
      },
    },
    async (request, reply) => {
      const data = await service.createPromoCode(db, staffActor(request), request.body);
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/admin/promoCode/update/',
    {
      config: promoCode('update'),
      schema: {
        tags: ['promo codes'],
        summary: 'Changes a promo code; total uses may not go below the uses already taken; audited',
        querystring: idQuery,
        body: promoChanges,
        response: { 200: z.object({ data: promoCodeSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await service.updatePromoCode(db, staffActor(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/admin/promoCode/status/',
    {
      config: promoCode('update'),
      schema: {
        tags: ['promo codes'],
        summary: 'Switches a promo code on or off; audited',
        querystring: idQuery,
        body: statusBody,
        response: { 200: z.object({ data: promoCodeSchema }), ...changes },
      },
    },
    async (request) => ({
      data: await service.setPromoCodeStatus(
        db,
        staffActor(request),
        request.query.id,
        request.body.isActive,
      ),
    }),
  );

  app.delete(
    '/admin/promoCode/delete/',
    {
      config: promoCode('delete'),
      schema: {
        tags: ['promo codes'],
        summary: 'Deletes a promo code that was never used (a used one is deactivated instead); audited',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await service.deletePromoCode(db, staffActor(request), request.query.id);
      return { message: 'Promo code deleted' };
    },
  );
};
