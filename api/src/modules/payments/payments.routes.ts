import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { GATEWAY_ID } from '../../contracts/payment-config.js';
import { PAYMENT_STATUSES } from '../../contracts/payment-reports.js';
import { studentIdOf } from '../../lib/actors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import { checkout, checkPromo, paymentOptions } from './checkout.service.js';
import { gatewayModules } from './gateways/registry.js';
import { cancelOwnOrder } from './payment-actions.service.js';
import { enabledGateways, gatewayEnv } from './payment-deps.js';
import { confirmOrder, orderStatus } from './reconciliation.service.js';
import { settle } from './settlement.service.js';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  429: errorSchema,
};
const gatewayId = z.string().regex(GATEWAY_ID, 'must be a payment method');
const orderRefParam = z.object({ orderRef: z.string().regex(/^[A-Z0-9]{6,20}$/, 'must be an order number') });

const orderView = z.object({
  orderRef: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.string(),
  amount: z.number(),
  attempts: z.number(),
  packageName: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  message: z.string().nullable(),
  contestAttempts: z.number(),
});

export const paymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, queues, redis, config } = ctx;
  // Payment reports read the replica unless a payment just changed.
  marksWrites(app, ctx.engine.reads, ['payments']);
  const deps = (log: { warn: (obj: object, msg: string) => void }) => ({ db, queues, redis, config, log });

  // Gateways post their results as HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.get(
    '/payment/options',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary: 'What the payment page offers: packages, gateways switched on, and the student’s attempts',
        response: {
          200: z.object({
            data: z.object({
              paymentEnabled: z.boolean(),
              gateways: z.array(z.object({ id: z.string(), label: z.string() })),
              packages: z.array(
                z.object({
                  _id: z.string(),
                  name: z.string(),
                  description: z.string(),
                  attempts: z.number(),
                  price: z.number(),
                  phase: z
                    .object({ _id: z.string(), title: z.string(), isContestPhase: z.boolean() })
                    .nullable(),
                  usable: z.boolean(),
                  unusableReason: z.string().nullable(),
                  unusable: z
                    .object({
                      kind: z.enum(['CONTEST_ENDED', 'ALL_PLAYED', 'HELD_COVER', 'TOO_MANY']),
                      phase: z.string(),
                      playsLeft: z.number(),
                      held: z.number(),
                    })
                    .nullable(),
                }),
              ),
              contestAttempts: z.number(),
              isPaymentMade: z.boolean(),
            }),
          }),
          ...errors,
        },
      },
    },
    async (request) => ({ data: await paymentOptions(deps(request.log), studentIdOf(request)) }),
  );

  app.post(
    '/payment/promo/check',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary: 'Checks a promo code for a package and answers the price after the discount (rate-limited)',
        body: z.object({
          code: z.string({ message: 'is required' }).trim().min(1, 'is required').max(40),
          packageId: z.uuid({ message: 'must be a package id' }),
        }),
        response: {
          200: z.object({
            code: z.string(),
            price: z.number(),
            discount: z.number(),
            amount: z.number(),
            message: z.string(),
          }),
          ...errors,
        },
      },
    },
    async (request) => checkPromo(deps(request.log), studentIdOf(request), request.body),
  );

  app.post(
    '/payment/checkout',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary:
          'Places an order for a package: answers the form that takes the browser to the gateway, or PAID at once when a promo code covers the whole price',
        body: z.object({
          packageId: z.uuid({ message: 'must be a package id' }),
          gateway: gatewayId,
          promoCode: z.string().trim().max(40).optional(),
        }),
        response: {
          200: z.union([
            z.object({ orderRef: z.string(), status: z.literal('PAID'), contestAttempts: z.number() }),
            z.object({
              orderRef: z.string(),
              status: z.literal('PENDING'),
              redirect: z.object({
                action: z.string(),
                method: z.literal('POST'),
                fields: z.record(z.string(), z.string()),
              }),
            }),
          ]),
          ...errors,
        },
      },
    },
    async (request) =>
      checkout(
        deps(request.log),
        { id: studentIdOf(request), ip: request.ip },
        { ...request.body, promoCode: request.body.promoCode || undefined },
      ),
  );

  app.get(
    '/payment/orders/:orderRef',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary: 'One of the student’s payments, as the server knows it',
        params: orderRefParam,
        response: { 200: z.object({ data: orderView }), ...errors },
      },
    },
    async (request) => ({
      data: await orderStatus(db, studentIdOf(request), request.params.orderRef),
    }),
  );

  app.post(
    '/payment/orders/:orderRef/confirm',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary:
          'Asks the gateway about a pending payment (at most every 10 s) and settles what it says; the browser’s redirect alone never credits',
        params: orderRefParam,
        response: { 200: z.object({ data: orderView }), ...errors },
      },
    },
    async (request) => ({
      data: await confirmOrder(deps(request.log), studentIdOf(request), request.params.orderRef),
    }),
  );

  app.post(
    '/payment/orders/:orderRef/cancel',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['payments'],
        summary:
          'Cancels one of the student’s pending checkouts and gives its promo use back (409 PAYMENT_NOT_PENDING once settled); a later gateway success still credits it',
        params: orderRefParam,
        response: { 200: z.object({ data: orderView }), ...errors },
      },
    },
    async (request) => ({
      data: await cancelOwnOrder(deps(request.log), studentIdOf(request), request.params.orderRef),
    }),
  );

  const fieldsBody = z.record(z.string(), z.string());

  /** A gateway's signed message, settled once; null when that gateway is not on. */
  const settleMessage = async (
    request: {
      params: { gateway: string };
      body: Record<string, string>;
      ip: string;
      log: FastifyBaseLogger;
    },
    kind: 'RETURN' | 'CALLBACK',
  ) => {
    const gateway = (await enabledGateways(deps(request.log))).get(request.params.gateway);
    if (!gateway) {
      return null;
    }
    return settle(deps(request.log), {
      gateway: gateway.id,
      report: gateway.parseCallback(request.body),
      kind,
      sourceIp: request.ip,
      payload: request.body,
    });
  };

  app.post(
    '/payment/gateway/:gateway/return',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Where the gateway sends the student back with its signed result: verified, settled once, then redirected to /payment/success or /payment/failed',
        params: z.object({ gateway: gatewayId }),
        body: fieldsBody,
      },
    },
    async (request, reply) => {
      const result = await settleMessage(request, 'RETURN');
      if (!result) {
        return reply.code(404).send({ message: 'This payment method is not available.' });
      }
      const order = result.orderRef ? `?order=${encodeURIComponent(result.orderRef)}` : '';
      // A message we could not trust never lands on "success", whatever the order's state.
      const trusted = result.outcome !== 'REJECTED' && result.outcome !== 'SUSPICIOUS';
      const landing =
        result.status === 'PAID' || (trusted && result.status === 'PENDING')
          ? '/payment/success'
          : '/payment/failed';
      return reply.redirect(`${landing}${order}`, 303);
    },
  );

  app.post(
    '/payment/gateway/:gateway/callback',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Server-to-server notification from the gateway (signed fields, form or JSON): verified and settled once; a replay changes nothing',
        params: z.object({ gateway: gatewayId }),
        body: fieldsBody,
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await settleMessage(request, 'CALLBACK');
      if (!result) {
        return reply.code(404).send({ message: 'This payment method is not available.' });
      }
      if (result.outcome === 'REJECTED') {
        return reply.code(400).send({ message: 'Signature check failed' });
      }
      return { received: true as const, outcome: result.outcome };
    },
  );

  // Gateways' own pages (the sandbox's checkout), each answering only while its gateway is on.
  for (const module of gatewayModules()) {
    if (module.routes) {
      const isOn = async () => (await enabledGateways(deps(app.log))).has(module.id);
      await app.register(module.routes, { env: gatewayEnv(ctx), isOn });
    }
  }
};
