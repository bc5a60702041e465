import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorSchema } from '../../lib/schemas.js';
import type { GatewayId } from './gateways/gateway.js';
import { SANDBOX_DECIDE_PATH } from './gateways/sandbox.js';
import {
  checkout,
  checkPromo,
  confirmOrder,
  enabledGateways,
  orderStatus,
  paymentOptions,
  sandboxOf,
  settle,
} from './payments.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };
const GATEWAYS = ['jazzcash', 'sandbox'] as const;
const orderRefParam = z.object({ orderRef: z.string().regex(/^[A-Z0-9]{6,20}$/, 'must be an order number') });

const orderView = z.object({
  orderRef: z.string(),
  status: z.enum(['PENDING', 'PAID', 'FAILED', 'EXPIRED']),
  gateway: z.string(),
  amount: z.number(),
  attempts: z.number(),
  packageName: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  message: z.string().nullable(),
  contestAttempts: z.number(),
});

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const hiddenFields = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');

/** A small self-contained page (the sandbox gateway's own screens), with its own strict CSP. */
function sendPage(reply: FastifyReply, status: number, title: string, body: string, nonce?: string) {
  reply
    .code(status)
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'${nonce ? `; script-src 'nonce-${nonce}'` : ''}`,
    )
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;background:#f4f1ea;color:#1b2430;margin:0;padding:24px}main{max-width:420px;margin:0 auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px #0001}h1{font-size:20px;margin:0 0 8px}.amount{font-size:28px;font-weight:700;margin:16px 0}.note{color:#555;font-size:14px}button{font:inherit;font-weight:600;width:100%;padding:14px;margin-top:12px;border-radius:8px;border:0;cursor:pointer}.approve{background:#0f5e63;color:#fff}.decline{background:#eee;color:#8a1c1c}</style></head><body><main>${body}</main></body></html>`,
    );
}

export const paymentsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, queues, redis, config } = ctx;
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
              gateways: z.array(z.object({ id: z.enum(GATEWAYS), label: z.string() })),
              packages: z.array(
                z.object({
                  _id: z.string(),
                  name: z.string(),
                  description: z.string(),
                  attempts: z.number(),
                  price: z.number(),
                  phase: z.object({ _id: z.string(), title: z.string() }).nullable(),
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
    async (request) => ({ data: await paymentOptions(deps(request.log), request.studentId as string) }),
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
    async (request) => checkPromo(deps(request.log), request.studentId as string, request.body),
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
          gateway: z.enum(GATEWAYS, { message: 'must be a payment method' }),
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
        { id: request.studentId as string, ip: request.ip },
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
      data: await orderStatus(db, request.studentId as string, request.params.orderRef),
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
      data: await confirmOrder(deps(request.log), request.studentId as string, request.params.orderRef),
    }),
  );

  const fieldsBody = z.record(z.string(), z.string());

  app.post(
    '/payment/gateway/:gateway/return',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Where the gateway sends the student back with its signed result: verified, settled once, then redirected to /payment/success or /payment/failed',
        params: z.object({ gateway: z.enum(GATEWAYS) }),
        body: fieldsBody,
      },
    },
    async (request, reply) => {
      const gateway = (await enabledGateways(deps(request.log))).get(request.params.gateway as GatewayId);
      if (!gateway) {
        return reply.code(404).send({ message: 'This payment method is not available.' });
      }
      const result = await settle(deps(request.log), {
        gateway: gateway.id,
        report: gateway.parseCallback(request.body),
        kind: 'RETURN',
        sourceIp: request.ip,
        payload: request.body,
      });
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
        params: z.object({ gateway: z.enum(GATEWAYS) }),
        body: fieldsBody,
        response: {
          200: z.object({ received: z.literal(true), outcome: z.string() }),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const gateway = (await enabledGateways(deps(request.log))).get(request.params.gateway as GatewayId);
      if (!gateway) {
        return reply.code(404).send({ message: 'This payment method is not available.' });
      }
      const result = await settle(deps(request.log), {
        gateway: gateway.id,
        report: gateway.parseCallback(request.body),
        kind: 'CALLBACK',
        sourceIp: request.ip,
        payload: request.body,
      });
      if (result.outcome === 'REJECTED') {
        return reply.code(400).send({ message: 'Signature check failed' });
      }
      return { received: true as const, outcome: result.outcome };
    },
  );

  // The sandbox gateway's own screens: only while the sandbox is switched on.
  const sandboxOn = async () => (await enabledGateways(deps(app.log))).has('sandbox');

  app.post(
    '/payment/sandbox/checkout',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: its checkout page with Approve and Decline (development and demo only)',
        body: fieldsBody,
      },
    },
    async (request, reply) => {
      const sandbox = sandboxOf(deps(request.log));
      if (!(await sandboxOn()) || !sandbox.parseCallback(request.body).signatureValid) {
        return sendPage(reply, 400, 'Payment not possible', '<h1>This payment request is not valid.</h1>');
      }
      const fields = request.body;
      const amount = Number(fields.pp_Amount) / 100;
      const form = (decision: 'approve' | 'decline', label: string) =>
        `<form method="post" action="${SANDBOX_DECIDE_PATH}">${hiddenFields(fields)}<input type="hidden" name="decision" value="${decision}"><button class="${decision}" type="submit">${label}</button></form>`;
      return sendPage(
        reply,
        200,
        'Sandbox payment',
        `<h1>Sandbox payment</h1><p class="note">${escapeHtml(fields.pp_Description ?? '')} · order ${escapeHtml(fields.pp_TxnRefNo ?? '')}</p><p class="amount">PKR ${escapeHtml(amount.toLocaleString('en-PK'))}</p><p class="note">This is the test gateway: no money moves. Choose what the bank says.</p>${form('approve', 'Approve payment')}${form('decline', 'Decline payment')}`,
      );
    },
  );

  app.post(
    '/payment/sandbox/decide',
    {
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: records the decision and posts the signed result to the return URL',
        body: fieldsBody,
      },
    },
    async (request, reply) => {
      const { decision, ...fields } = request.body;
      const sandbox = sandboxOf(deps(request.log));
      const result = (await sandboxOn()) ? await sandbox.decide(fields, decision === 'approve') : null;
      const returnUrl = fields.pp_ReturnURL ?? '';
      if (
        !result ||
        !returnUrl.startsWith(new URL('/api/payment/gateway/sandbox/return', config.PUBLIC_URL).origin)
      ) {
        return sendPage(reply, 400, 'Payment not possible', '<h1>This payment request is not valid.</h1>');
      }
      const nonce = randomBytes(16).toString('base64');
      return sendPage(
        reply,
        200,
        'Returning to Riyazi',
        `<h1>Returning to Riyazi…</h1><form id="back" method="post" action="${escapeHtml(returnUrl)}">${hiddenFields(result)}<button class="approve" type="submit">Continue to Riyazi</button></form><script nonce="${nonce}">document.getElementById('back').submit();</script>`,
        nonce,
      );
    },
  );
};
