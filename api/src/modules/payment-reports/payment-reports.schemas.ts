import { z } from 'zod';
import { paymentGatewayChoices } from '#modules/payments';
import { GATEWAY_ID } from '../../contracts/payment-config.js';
import {
  PAYMENT_LOG_KINDS,
  PAYMENT_LOG_OUTCOMES,
  PAYMENT_STATUSES,
  PROBLEM_OUTCOMES,
} from '../../contracts/payment-reports.js';
import { calendarDay, datesInOrder, idOf, limitParam, pageParam } from '../../lib/schemas.js';

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: `must be one of ${values.join(', ')}` });

/** A gateway filter: any gateway the registry knows, or free. */
const gatewayFilter = z
  .string()
  .regex(GATEWAY_ID, 'must be a payment gateway')
  .refine((value) => paymentGatewayChoices().some((g) => g.id === value), {
    error: () =>
      `must be one of ${paymentGatewayChoices()
        .map((g) => g.id)
        .join(', ')}`,
  });

const paging = { page: pageParam, limit: limitParam(100, 50) };

const paymentFilterFields = z.object({
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  status: oneOf(PAYMENT_STATUSES).optional(),
  gateway: gatewayFilter.optional(),
  packageId: idOf('package').optional(),
  promoCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{3,32}$/, 'must be 3 to 32 letters, digits or dashes')
    .optional(),
  gradeId: idOf('grade').optional(),
  city: z.string().trim().min(1, 'must not be empty').max(80, 'must be at most 80 characters').optional(),
});

export const paymentFilterQuery = paymentFilterFields.refine(...datesInOrder);
export type PaymentFilter = z.output<typeof paymentFilterQuery>;

export const paymentPageQuery = paymentFilterFields.extend(paging).refine(...datesInOrder);
export type PaymentPageQuery = z.output<typeof paymentPageQuery>;

export const failureQuery = z
  .object({
    ...paging,
    from: calendarDay.optional(),
    to: calendarDay.optional(),
    outcome: oneOf(PROBLEM_OUTCOMES).optional(),
    gateway: gatewayFilter.optional(),
  })
  .refine(...datesInOrder);
export type FailureQuery = z.output<typeof failureQuery>;

/** A payment's trail (?id=payment id) or the trail of the payment a log belongs to (?log=log id). */
export const trailQuery = z
  .object({
    id: idOf('payment').optional(),
    log: z.coerce
      .number({ message: 'must be a log id' })
      .int('must be a log id')
      .min(1, 'must be a log id')
      .max(Number.MAX_SAFE_INTEGER, 'must be a log id')
      .optional(),
  })
  .refine((q) => (q.id === undefined) !== (q.log === undefined), {
    path: ['id'],
    message: 'give either a payment id or a log id',
  });
export type TrailQuery = z.output<typeof trailQuery>;

const ref = z.object({ _id: z.string(), name: z.string() });
const status = z.enum(PAYMENT_STATUSES);

export const paymentRowSchema = z.object({
  _id: z.string(),
  orderRef: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  status,
  gateway: z.string(),
  gatewayRef: z.string().nullable(),
  package: ref,
  attempts: z.number(),
  listPrice: z.number(),
  discount: z.number(),
  amount: z.number(),
  promoCode: z.string().nullable(),
  student: z.object({
    _id: z.string(),
    studentNo: z.number(),
    fullName: z.string(),
    grade: z.object({ _id: z.string(), title: z.string() }).nullable(),
    city: z.string().nullable(),
  }),
});

export const paymentPageSchema = z.object({
  data: z.array(paymentRowSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
  totals: z.object({ count: z.number(), paidCount: z.number(), paidAmount: z.number() }),
  byDay: z.array(
    z.object({
      day: z.string(),
      gateway: z.string(),
      paidCount: z.number(),
      paidAmount: z.number(),
    }),
  ),
});

const gatewayOptions = z.array(z.object({ id: z.string(), label: z.string() }));

export const paymentOptionsSchema = z.object({
  gateways: gatewayOptions,
  packages: z.array(ref),
  grades: z.array(z.object({ _id: z.string(), title: z.string() })),
  cities: z.array(z.string()),
});

export const failureOptionsSchema = z.object({ gateways: gatewayOptions });

const studentRef = z.object({ _id: z.string(), studentNo: z.number(), fullName: z.string() });

export const failurePageSchema = z.object({
  data: z.array(
    z.object({
      kind: z.enum(['payment', 'orphan']),
      _id: z.string(),
      orderRef: z.string().nullable(),
      student: studentRef.nullable(),
      gateway: z.string(),
      amount: z.number().nullable(),
      status: status.nullable(),
      outcome: z.enum(PROBLEM_OUTCOMES),
      message: z.string().nullable(),
      at: z.string(),
    }),
  ),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

/** Exactly what an admin may see of each message: the schema strips anything else. */
export const logEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  kind: z.enum(PAYMENT_LOG_KINDS),
  outcome: z.enum(PAYMENT_LOG_OUTCOMES),
  student: z.object({ studentNo: z.number(), fullName: z.string() }).nullable(),
  orderRef: z.string().nullable(),
  gateway: z.string(),
  gatewayRef: z.string().nullable(),
  responseCode: z.string().nullable(),
  responseMessage: z.string().nullable(),
  expectedAmount: z.number().nullable(),
  receivedAmount: z.number().nullable(),
  expectedCurrency: z.string().nullable(),
  receivedCurrency: z.string().nullable(),
  signatureValid: z.boolean().nullable(),
  attemptNo: z.number(),
  sourceIp: z.string().nullable(),
  payloadSha256: z.string().nullable(),
});

export const trailSchema = z.object({
  payment: z
    .object({
      _id: z.string(),
      orderRef: z.string(),
      status,
      gateway: z.string(),
      gatewayRef: z.string().nullable(),
      amount: z.number(),
      currency: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
      package: ref,
      student: studentRef,
    })
    .nullable(),
  logs: z.array(logEntrySchema),
});
