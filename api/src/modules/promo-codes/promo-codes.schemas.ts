import { z } from 'zod';
import { PROMO_CODE_PATTERN, PROMO_DISCOUNT_TYPES, PROMO_LIMITS } from '../../contracts/payment-codes.js';
import { limitParam, pageParam } from '../../lib/schemas.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

export const listPromoQuery = z.object({
  page: pageParam,
  limit: limitParam(100, 50),
  search: z.string().trim().max(100).optional(),
});
export type ListPromoQuery = z.output<typeof listPromoQuery>;

const code = z
  .string({ message: 'is required' })
  .trim()
  .toUpperCase()
  .regex(PROMO_CODE_PATTERN, 'must be 3–32 letters, digits or dashes');
const description = z
  .string()
  .trim()
  .max(PROMO_LIMITS.descriptionMax, `must be at most ${PROMO_LIMITS.descriptionMax} characters`);
const discountType = z.enum(PROMO_DISCOUNT_TYPES, { message: 'must be PERCENT or FIXED' });
const discountValue = z
  .number({ message: 'must be a number' })
  .positive('must be more than 0')
  .max(PROMO_LIMITS.fixedMaxRupees, `must be at most ${PROMO_LIMITS.fixedMaxRupees}`);
const when = z.iso
  .datetime({ offset: true, message: 'must be a date and time' })
  .transform((v) => new Date(v))
  .nullable();
const maxUses = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(PROMO_LIMITS.maxUses)
  .nullable();
const maxUsesPerStudent = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(PROMO_LIMITS.maxUsesPerStudent, `must be at most ${PROMO_LIMITS.maxUsesPerStudent}`);
const packageIds = z
  .array(z.uuid({ message: 'must be package ids' }), { message: 'must be a list of package ids' })
  .max(PROMO_LIMITS.packages, `at most ${PROMO_LIMITS.packages} packages`)
  .transform((ids) => [...new Set(ids)]);

/** Field by field here; rules across fields (value by type, the window) are checked in the service. */
export const promoBody = z.object({
  code,
  description: description.default(''),
  discountType,
  discountValue,
  validFrom: when.default(null),
  validUntil: when.default(null),
  maxUses: maxUses.default(null),
  maxUsesPerStudent: maxUsesPerStudent.default(1),
  packageIds: packageIds.default([]),
  isActive: z.boolean({ message: 'must be true or false' }).default(true),
});
export type PromoBody = z.output<typeof promoBody>;

export const promoChanges = z.object({
  code: code.optional(),
  description: description.optional(),
  discountType: discountType.optional(),
  discountValue: discountValue.optional(),
  validFrom: when.optional(),
  validUntil: when.optional(),
  maxUses: maxUses.optional(),
  maxUsesPerStudent: maxUsesPerStudent.optional(),
  packageIds: packageIds.optional(),
  isActive: z.boolean({ message: 'must be true or false' }).optional(),
});
export type PromoChanges = z.output<typeof promoChanges>;

export const statusBody = z.object({ isActive: z.boolean({ message: 'must be true or false' }) });

const packageRef = z.object({ _id: z.string(), name: z.string() });

export const promoCodeSchema = z.object({
  _id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType,
  discountValue: z.number(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  maxUses: z.number().nullable(),
  maxUsesPerStudent: z.number(),
  usedCount: z.number(),
  packageIds: z.array(z.string()),
  packages: z.array(packageRef),
  isActive: z.boolean(),
  createdAt: z.string(),
});

export const promoListResponse = z.object({
  data: z.array(promoCodeSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const packageOptionsResponse = z.object({
  data: z.array(packageRef.extend({ isActive: z.boolean() })),
});

export const messageResponse = z.object({ message: z.string() });
