// Promo codes and prepaid access codes, shared by api and client; keep it dependency-free.

import type { ListPage } from './list-page.js';

export const PROMO_DISCOUNT_TYPES = ['PERCENT', 'FIXED'] as const;
export type PromoDiscountType = (typeof PROMO_DISCOUNT_TYPES)[number];

/** Promo codes are stored upper-case: 3–32 of A–Z, 0–9 and '-'. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9-]{3,32}$/;
export const PROMO_LIMITS = {
  descriptionMax: 200,
  /** A FIXED discount, in rupees (the dearest package is 100,000 PKR). */
  fixedMaxRupees: 100_000,
  maxUses: 1_000_000,
  maxUsesPerStudent: 100,
  packages: 50,
} as const;

export interface PromoPackageRef {
  _id: string;
  name: string;
}

export interface PromoPackageOption extends PromoPackageRef {
  isActive: boolean;
}

export interface PromoCodeInput {
  code: string;
  description: string;
  discountType: PromoDiscountType;
  /** PERCENT: 1–100; FIXED: rupees with up to 2 decimals. */
  discountValue: number;
  validFrom: string | null;
  validUntil: string | null;
  /** null: unlimited. */
  maxUses: number | null;
  maxUsesPerStudent: number;
  /** Empty: every package. */
  packageIds: string[];
  isActive: boolean;
}

export interface PromoCode extends PromoCodeInput {
  _id: string;
  usedCount: number;
  packages: PromoPackageRef[];
  createdAt: string;
}

export type PromoCodePage = ListPage<PromoCode>;

/** Access codes: XXXX-XXXX-XXXX from 32 symbols without look-alikes (no 0/O, 1/I): 60 bits. */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const ACCESS_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;
export const CODE_BATCH_LIMITS = {
  labelMax: 120,
  attemptsMin: 1,
  attemptsMax: 20,
  countMin: 1,
  countMax: 5000,
} as const;

/** A batch label as an ASCII file-name part ("School A" → "school-a"), for its CSV export's name. */
export function batchSlug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .slice(0, 40)
      .replace(/^-+|-+$/g, '') || 'batch'
  );
}

export const REDEEM_REFUSED = 'This code is not valid or has already been used.';
export const REDEEM_TOO_MANY = 'Too many tries. Please try again later.';

export interface CodeBatch {
  _id: string;
  label: string;
  attempts: number;
  phase: { _id: string; title: string } | null;
  codeCount: number;
  redeemedCount: number;
  validUntil: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export type CodeBatchPage = ListPage<CodeBatch>;

export interface CodeBatchInput {
  label: string;
  attempts: number;
  phaseId: string | null;
  count: number;
  validUntil?: string | null;
}

export interface RedeemCodeResult {
  message: string;
  contestAttempts: number;
  attemptsGranted: number;
}
