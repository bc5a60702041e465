import { z } from 'zod';
import {
  type AdminPackage,
  GATEWAY_ID,
  type GatewayConfigView,
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

/** The shape only: which gateways and settings exist is checked against the registry by the service. */
export const paymentConfigBody = z.object({
  gateways: z.record(
    z.string().regex(GATEWAY_ID, 'must be a payment gateway id'),
    z.object({
      enabled: z.boolean({ message: 'must be true or false' }),
      settings: z.record(z.string().max(60), z.string({ message: 'must be text' }).max(2000)).default({}),
    }),
  ),
});
export type PaymentConfigBody = z.output<typeof paymentConfigBody>;

const gatewayConfigView = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  warning: z.string().nullable(),
  enabled: z.boolean(),
  available: z.boolean(),
  unavailableReason: z.string().nullable(),
  settings: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      kind: z.enum(['text', 'url', 'secret']),
      requiredToEnable: z.boolean(),
      maxLength: z.number(),
      hint: z.string().nullable(),
      placeholder: z.string().nullable(),
      pattern: z.object({ source: z.string(), message: z.string() }).nullable(),
      value: z.string(),
      storedHint: z.string().nullable(),
    }),
  ),
}) satisfies z.ZodType<GatewayConfigView>;

export const paymentConfigView = z.object({
  gateways: z.array(gatewayConfigView),
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
