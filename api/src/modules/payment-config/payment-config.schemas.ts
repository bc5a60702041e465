import { z } from 'zod';
import {
  type AdminPackage,
  GATEWAY_SECRET_MAX,
  gatewayUrlProblem,
  JAZZCASH_SANDBOX_URL,
  MERCHANT_ID_MAX,
  normalizeGatewayUrl,
  PACKAGE_ATTEMPTS_MAX,
  PACKAGE_ATTEMPTS_MIN,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_NAME_MAX,
  PACKAGE_POSITION_MAX,
  type PackagePhaseOption,
  type PaymentConfigView,
  PRICE_MAX_RUPEES,
  PRICE_MIN_RUPEES,
  rupeesToPaisa,
} from '../../contracts/payment-config.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });
export const messageResponse = z.object({ message: z.string() });

const baseUrl = z
  .string()
  .trim()
  .max(300, 'must be at most 300 characters')
  .default(JAZZCASH_SANDBOX_URL)
  .superRefine((value, ctx) => {
    const problem = gatewayUrlProblem(value);
    if (problem !== null) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  })
  .transform(normalizeGatewayUrl);

/** Gateway credentials never hold surrounding spaces: a pasted one often does, and then never signs. */
const secret = z.string().trim().max(GATEWAY_SECRET_MAX, `must be at most ${GATEWAY_SECRET_MAX} characters`);

export const paymentConfigBody = z.object({
  sandboxEnabled: z.boolean().default(false),
  jazzcash: z.object({
    enabled: z.boolean().default(false),
    merchantId: z
      .string()
      .trim()
      .max(MERCHANT_ID_MAX, `must be at most ${MERCHANT_ID_MAX} characters`)
      .regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, - and _')
      .default(''),
    baseUrl,
    /** Empty or absent keeps the stored one. */
    password: secret.optional(),
    integritySalt: secret.optional(),
  }),
});
export type PaymentConfigBody = z.output<typeof paymentConfigBody>;

export const paymentConfigView = z.object({
  sandboxEnabled: z.boolean(),
  jazzcash: z.object({
    enabled: z.boolean(),
    merchantId: z.string(),
    baseUrl: z.string(),
    passwordSet: z.boolean(),
    saltSet: z.boolean(),
    passwordHint: z.string().nullable(),
    saltHint: z.string().nullable(),
  }),
  updatedAt: z.string().nullable(),
}) satisfies z.ZodType<PaymentConfigView>;

/** Rupees as admins type them (at most two decimals), turned into the whole paisa stored. */
const priceInPaisa = z
  .number({ message: 'must be a number' })
  .min(PRICE_MIN_RUPEES, `must be at least ${PRICE_MIN_RUPEES} rupee`)
  .max(PRICE_MAX_RUPEES, `must be at most ${PRICE_MAX_RUPEES} rupees`)
  .transform((rupees, ctx) => {
    const paisa = rupeesToPaisa(rupees);
    if (paisa === null) {
      ctx.addIssue({ code: 'custom', message: 'may have at most 2 decimals' });
      return z.NEVER;
    }
    return paisa;
  });

const packageFields = {
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(PACKAGE_NAME_MAX, `must be at most ${PACKAGE_NAME_MAX} characters`),
  description: z
    .string()
    .trim()
    .max(PACKAGE_DESCRIPTION_MAX, `must be at most ${PACKAGE_DESCRIPTION_MAX} characters`),
  attempts: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(PACKAGE_ATTEMPTS_MIN, `must be at least ${PACKAGE_ATTEMPTS_MIN}`)
    .max(PACKAGE_ATTEMPTS_MAX, `must be at most ${PACKAGE_ATTEMPTS_MAX}`),
  phaseId: z.uuid({ message: 'must be a phase id' }).nullable(),
  price: priceInPaisa,
  isActive: z.boolean(),
  position: z
    .number({ message: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(PACKAGE_POSITION_MAX, `must be at most ${PACKAGE_POSITION_MAX}`),
};

/** The body speaks rupees (`price`); the service receives `pricePaisa`. */
export const packageBody = z
  .object({
    ...packageFields,
    description: packageFields.description.default(''),
    phaseId: packageFields.phaseId.default(null),
    isActive: packageFields.isActive.default(true),
    position: packageFields.position.default(0),
  })
  .transform(({ price, ...rest }) => ({ ...rest, pricePaisa: price }));
export type PackageBody = z.output<typeof packageBody>;

export const packageChanges = z
  .object(packageFields)
  .partial()
  .transform(({ price, ...rest }): typeof rest & { pricePaisa?: number } =>
    price === undefined ? rest : { ...rest, pricePaisa: price },
  );
export type PackageChanges = z.output<typeof packageChanges>;

export const packageStatusBody = z.object({ isActive: z.boolean({ message: 'must be true or false' }) });

const phaseRef = z.object({ _id: z.string(), name: z.string() });

export const packageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  attempts: z.number(),
  phase: phaseRef.nullable(),
  price: z.number(),
  pricePaisa: z.number(),
  isActive: z.boolean(),
  position: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
}) satisfies z.ZodType<AdminPackage>;

export const phaseOptionSchema = phaseRef.extend({
  number: z.number(),
  status: z.enum(['UPCOMING', 'ACTIVE', 'CLOSED']),
}) satisfies z.ZodType<PackagePhaseOption>;

export const packageListResponse = z.object({
  data: z.array(packageSchema),
  phases: z.array(phaseOptionSchema),
});
