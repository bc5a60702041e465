import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffActor } from '../../lib/actors.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  idQuery,
  messageResponse,
  packageBody,
  packageChanges,
  packageListResponse,
  packageSchema,
  packageStatusBody,
  paymentConfigBody,
  paymentConfigView,
} from './payment-config.schemas.js';
import { getPaymentConfig, savePaymentConfig } from './payment-config.service.js';
import * as packages from './payment-packages.service.js';

// Contest services (packages) share the payment configuration permission (spec §6).
const READ = { permission: { module: 'paymentConfigurations', action: 'read' } } as const;
const UPDATE = { permission: { module: 'paymentConfigurations', action: 'update' } } as const;
const guarded = { 400: errorSchema, 401: errorSchema, 403: errorSchema };
const changes = { ...guarded, 404: errorSchema, 409: errorSchema };
const one = z.object({ data: packageSchema });

export const paymentConfigRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, config }) => {
  app.get(
    '/admin/paymentConfig/detail/',
    {
      config: READ,
      schema: {
        tags: ['payment settings'],
        summary:
          'Every payment gateway with its settings described for the form; secrets are never returned, only their last 2 characters',
        response: { 200: z.object({ data: paymentConfigView }), ...guarded },
      },
    },
    async () => ({ data: await getPaymentConfig(db, config) }),
  );

  app.post(
    '/admin/paymentConfig/create/',
    {
      config: UPDATE,
      schema: {
        tags: ['payment settings'],
        summary:
          'Saves the settings of the gateways given (others stay as they are); an empty secret keeps the stored one; a gateway needs its required settings to be on',
        body: paymentConfigBody,
        response: { 200: z.object({ message: z.string(), data: paymentConfigView }), ...guarded },
      },
    },
    async (request) => {
      const data = await savePaymentConfig(db, config, request.body, staffActor(request));
      return { message: 'Payment settings saved', data };
    },
  );

  app.get(
    '/admin/paymentPackage/',
    {
      config: READ,
      schema: {
        tags: ['contest services'],
        summary: 'Every package (position, then price) and the phases a package may be limited to',
        response: { 200: packageListResponse, ...guarded },
      },
    },
    async () => packages.listPackages(db),
  );

  app.post(
    '/admin/paymentPackage/create/',
    {
      config: UPDATE,
      schema: {
        tags: ['contest services'],
        summary: 'Adds a package; price in rupees (at most 2 decimals), stored as paisa',
        body: packageBody,
        response: { 201: one, ...changes },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await packages.createPackage(db, staffActor(request), request.body) }),
  );

  app.post(
    '/admin/paymentPackage/update/',
    {
      config: UPDATE,
      schema: {
        tags: ['contest services'],
        summary: 'Changes any of a package’s fields; payments already made keep their own price',
        querystring: idQuery,
        body: packageChanges,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await packages.updatePackage(db, staffActor(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/admin/paymentPackage/status/',
    {
      config: UPDATE,
      schema: {
        tags: ['contest services'],
        summary: 'The active switch: inactive packages are not offered at checkout',
        querystring: idQuery,
        body: packageStatusBody,
        response: { 200: one, ...changes },
      },
    },
    async (request) => ({
      data: await packages.setPackageStatus(db, staffActor(request), request.query.id, request.body.isActive),
    }),
  );

  app.delete(
    '/admin/paymentPackage/delete/',
    {
      config: UPDATE,
      schema: {
        tags: ['contest services'],
        summary: 'Deletes a package no payment or promo code refers to (409 otherwise: deactivate it)',
        querystring: idQuery,
        response: { 200: messageResponse, ...changes },
      },
    },
    async (request) => {
      await packages.deletePackage(db, staffActor(request), request.query.id);
      return { message: 'Package deleted' };
    },
  );
};
