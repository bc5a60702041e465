import {
  PROMO_CODE_PATTERN,
  PROMO_LIMITS,
  type PromoCode,
  type PromoCodeInput,
  type PromoDiscountType,
} from '@riyazi/api/contracts';
import { formatDay } from '../../../shared/format/date-time';
import { fromLocalInput, toLocalInput } from '../../../shared/format/local-input';
import { formatRupees } from '../../../shared/format/money';

/** The form as typed: numbers and times as the inputs hold them ('' for none). */
export interface PromoDraft {
  code: string;
  description: string;
  discountType: PromoDiscountType;
  discountValue: string;
  /** datetime-local values in Pakistan time. */
  validFrom: string;
  validUntil: string;
  /** '' for unlimited. */
  maxUses: string;
  maxUsesPerStudent: string;
  packageIds: string[];
  isActive: boolean;
}

export type PromoField = keyof PromoDraft;
export const PROMO_FIELDS: readonly PromoField[] = [
  'code',
  'description',
  'discountType',
  'discountValue',
  'validFrom',
  'validUntil',
  'maxUses',
  'maxUsesPerStudent',
  'packageIds',
  'isActive',
];

export const emptyPromoDraft = (): PromoDraft => ({
  code: '',
  description: '',
  discountType: 'PERCENT',
  discountValue: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerStudent: '1',
  packageIds: [],
  isActive: true,
});

export const draftOf = (promo: PromoCode): PromoDraft => ({
  code: promo.code,
  description: promo.description,
  discountType: promo.discountType,
  discountValue: String(promo.discountValue),
  validFrom: toLocalInput(promo.validFrom),
  validUntil: toLocalInput(promo.validUntil),
  maxUses: promo.maxUses === null ? '' : String(promo.maxUses),
  maxUsesPerStudent: String(promo.maxUsesPerStudent),
  packageIds: promo.packageIds,
  isActive: promo.isActive,
});

const wholeNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : null);

/** The same rules as the server, so most mistakes are shown before a round trip. */
export function validatePromo(draft: PromoDraft, usedCount = 0): Partial<Record<PromoField, string>> {
  const problems: Partial<Record<PromoField, string>> = {};
  if (!PROMO_CODE_PATTERN.test(draft.code.trim().toUpperCase())) {
    problems.code = 'Use 3–32 letters, digits or dashes.';
  }
  const value = draft.discountValue.trim() === '' ? Number.NaN : Number(draft.discountValue);
  if (draft.discountType === 'PERCENT') {
    if (!Number.isInteger(value) || value < 1 || value > 100) {
      problems.discountValue = 'Enter a whole percentage from 1 to 100.';
    }
  } else if (
    !/^\d+(\.\d{1,2})?$/.test(draft.discountValue.trim()) ||
    value < 0.01 ||
    value > PROMO_LIMITS.fixedMaxRupees
  ) {
    problems.discountValue = `Enter rupees from 0.01 to ${PROMO_LIMITS.fixedMaxRupees.toLocaleString('en-PK')}, at most 2 decimals.`;
  }
  const from = fromLocalInput(draft.validFrom);
  const until = fromLocalInput(draft.validUntil);
  if (draft.validFrom !== '' && from === null) {
    problems.validFrom = 'Enter a date and time.';
  }
  if (draft.validUntil !== '' && until === null) {
    problems.validUntil = 'Enter a date and time.';
  } else if (from !== null && until !== null && until <= from) {
    problems.validUntil = 'Must be after the start.';
  }
  const maxUses = draft.maxUses.trim() === '' ? null : wholeNumber(draft.maxUses);
  if (draft.maxUses.trim() !== '' && (maxUses === null || maxUses < 1 || maxUses > PROMO_LIMITS.maxUses)) {
    problems.maxUses = 'Enter a whole number of uses, or leave empty for no limit.';
  } else if (maxUses !== null && maxUses < usedCount) {
    problems.maxUses = `Cannot be below the ${usedCount} uses already taken.`;
  }
  const perStudent = wholeNumber(draft.maxUsesPerStudent);
  if (perStudent === null || perStudent < 1 || perStudent > PROMO_LIMITS.maxUsesPerStudent) {
    problems.maxUsesPerStudent = `Enter a whole number from 1 to ${PROMO_LIMITS.maxUsesPerStudent}.`;
  } else if (maxUses !== null && perStudent > maxUses) {
    problems.maxUsesPerStudent = 'Cannot be more than the total uses.';
  }
  return problems;
}

/** The request body of a draft that passed validatePromo. */
export function inputOf(draft: PromoDraft): PromoCodeInput {
  return {
    code: draft.code.trim().toUpperCase(),
    description: draft.description.trim(),
    discountType: draft.discountType,
    discountValue: Number(draft.discountValue),
    validFrom: fromLocalInput(draft.validFrom),
    validUntil: fromLocalInput(draft.validUntil),
    maxUses: draft.maxUses.trim() === '' ? null : Number(draft.maxUses),
    maxUsesPerStudent: Number(draft.maxUsesPerStudent),
    packageIds: draft.packageIds,
    isActive: draft.isActive,
  };
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** Only what changed; a new discount type always carries its value (the unit changes with it). */
export function changesOf(promo: PromoCode, input: PromoCodeInput): Partial<PromoCodeInput> {
  const before = inputOf(draftOf(promo));
  const changes: Partial<Record<keyof PromoCodeInput, unknown>> = {};
  for (const key of Object.keys(input) as (keyof PromoCodeInput)[]) {
    const same =
      key === 'packageIds' ? sameIds(before.packageIds, input.packageIds) : before[key] === input[key];
    if (!same) {
      changes[key] = input[key];
    }
  }
  if (changes.discountType !== undefined) {
    changes.discountValue = input.discountValue;
  }
  return changes as Partial<PromoCodeInput>;
}

export const discountLabel = (promo: Pick<PromoCode, 'discountType' | 'discountValue'>) =>
  promo.discountType === 'PERCENT'
    ? `${promo.discountValue}% off`
    : `${formatRupees(promo.discountValue)} off`;

export function validityLabel(promo: Pick<PromoCode, 'validFrom' | 'validUntil'>): string {
  const from = promo.validFrom === null ? null : formatDay(promo.validFrom);
  const until = promo.validUntil === null ? null : formatDay(promo.validUntil);
  if (from !== null && until !== null) {
    return `${from} – ${until}`;
  }
  if (from !== null) {
    return `From ${from}`;
  }
  return until === null ? 'Always' : `Until ${until}`;
}

export const usesLabel = (promo: Pick<PromoCode, 'usedCount' | 'maxUses'>) =>
  promo.maxUses === null ? `${promo.usedCount} (no limit)` : `${promo.usedCount} of ${promo.maxUses}`;
