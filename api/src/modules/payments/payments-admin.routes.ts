import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { staffActor } from '../../lib/actors.js';
import { marksWrites } from '../../lib/read-routing.js';
import { errorSchema } from '../../lib/schemas.js';
import { staffCancel, staffMarkPaid, staffRefund } from './payment-actions.service.js';

const update = { permission: { module: 'paymentTransactions' as const, action: 'update' as const } };
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
const idQuery = z.object({ id: z.uuid({ message: 'must be a payment id' }) });
const reasonBody = z.object({
  reason: z
    .string({ message: 'is required' })
    .trim()
    .min(3, 'must be at least 3 characters')
    .max(300, 'must be at most 300 characters'),
});
const actionResult = z.object({
  _id: z.string(),
  orderRef: z.string(),
  status: z.string(),
  contestAttempts: z.number().optional(),
  attemptsReverted: z.number().optional(),
});

/** Staff settle payments by hand from the payments report: each audited, paymentTransactions:update. */
export const paymentsAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, queues, engine }) => {
  marksWrites(app, engine.reads, ['payments']);
  const deps = (log: { warn: (obj: object, msg: string) => void }) => ({ db, queues, log });
  const routes = [
    {
      path: '/admin/payments/cancel/',
      summary: 'Cancels a pending payment (a checkout stuck at the gateway) and gives its promo use back',
      run: staffCancel,
    },
    {
      path: '/admin/payments/mark-paid/',
      summary:
        'Marks a pending, cancelled, failed or expired payment paid (a bank transfer): grants its attempts and sends the receipt',
      run: staffMarkPaid,
    },
    {
      path: '/admin/payments/refund/',
      summary:
        'Records a refund of a paid payment: takes back the attempts it bought that are not used yet (none left is still recorded)',
      run: staffRefund,
    },
  ];
  for (const route of routes) {
    app.post(
      route.path,
      {
        config: update,
        schema: {
          tags: ['payments'],
          summary: route.summary,
          querystring: idQuery,
          body: reasonBody,
          response: { 200: z.object({ data: actionResult, message: z.string() }), ...errors },
        },
      },
      async (request) => {
        const data = await route.run(
          deps(request.log),
          staffActor(request),
          request.query.id,
          request.body.reason,
        );
        return { data, message: `Payment ${data.orderRef} is now ${data.status.toLowerCase()}.` };
      },
    );
  }
};
