import {
  type AdminPackage,
  type AdminPackageBody,
  PACKAGE_ATTEMPTS_MAX,
  PACKAGE_ATTEMPTS_MIN,
  PACKAGE_DESCRIPTION_MAX,
  PACKAGE_NAME_MAX,
  PACKAGE_POSITION_MAX,
  PRICE_MAX_RUPEES,
  PRICE_MIN_RUPEES,
} from '@riyazi/api/contracts';
import { type FieldProblems, fieldMessage } from '../../../shared/forms/form-errors';

export const PACKAGE_FIELDS = [
  'name',
  'description',
  'attempts',
  'phaseId',
  'price',
  'position',
  'isActive',
] as const;
export type PackageField = (typeof PACKAGE_FIELDS)[number];

export const PACKAGE_LABELS: Record<PackageField, string> = {
  name: 'Name',
  description: 'Description',
  attempts: 'Attempts',
  phaseId: 'On sale for',
  price: 'Price (PKR)',
  position: 'Order',
  isActive: 'Active',
};

/** The form's values as typed: numbers stay text until they are sent; '' is on sale in every phase. */
export interface PackageDraft {
  name: string;
  description: string;
  attempts: string;
  phaseId: string;
  price: string;
  position: string;
  isActive: boolean;
}

export function emptyDraft(position: number): PackageDraft {
  return {
    name: '',
    description: '',
    attempts: '1',
    phaseId: '',
    price: '',
    position: String(position),
    isActive: true,
  };
}

/** 1500 → '1500'; 1499.5 → '1499.50'. */
const priceText = (pkg: AdminPackage) =>
  pkg.pricePaisa % 100 === 0 ? String(pkg.pricePaisa / 100) : (pkg.pricePaisa / 100).toFixed(2);

export function draftOf(pkg: AdminPackage): PackageDraft {
  return {
    name: pkg.name,
    description: pkg.description,
    attempts: String(pkg.attempts),
    phaseId: pkg.phase?._id ?? '',
    price: priceText(pkg),
    position: String(pkg.position),
    isActive: pkg.isActive,
  };
}

const RUPEES = /^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/;

/** '1,500' or '1499.5' → rupees; null when it is not an amount with at most two decimals. */
export function parseRupees(text: string): number | null {
  const trimmed = text.trim();
  return RUPEES.test(trimmed) ? Number(trimmed.replaceAll(',', '')) : null;
}

const WHOLE = /^\d+$/;

/** The api's rules, so most mistakes show before the round trip. */
export function draftProblems(draft: PackageDraft): FieldProblems<PackageField> {
  const problems: FieldProblems<PackageField> = {};
  if (draft.name.trim() === '') {
    problems.name = 'is required';
  } else if (draft.name.trim().length > PACKAGE_NAME_MAX) {
    problems.name = `must be at most ${PACKAGE_NAME_MAX} characters`;
  }
  if (draft.description.trim().length > PACKAGE_DESCRIPTION_MAX) {
    problems.description = `must be at most ${PACKAGE_DESCRIPTION_MAX} characters`;
  }
  const attempts = Number(draft.attempts.trim());
  if (
    !WHOLE.test(draft.attempts.trim()) ||
    attempts < PACKAGE_ATTEMPTS_MIN ||
    attempts > PACKAGE_ATTEMPTS_MAX
  ) {
    problems.attempts = `must be a whole number from ${PACKAGE_ATTEMPTS_MIN} to ${PACKAGE_ATTEMPTS_MAX}`;
  }
  const price = parseRupees(draft.price);
  if (draft.price.trim() === '') {
    problems.price = 'is required';
  } else if (price === null) {
    problems.price = 'must be an amount in rupees with at most 2 decimals, e.g. 1500 or 1499.50';
  } else if (price < PRICE_MIN_RUPEES || price > PRICE_MAX_RUPEES) {
    problems.price = `must be from ${PRICE_MIN_RUPEES} to ${PRICE_MAX_RUPEES.toLocaleString('en-US')} rupees`;
  }
  const position = Number(draft.position.trim());
  if (!WHOLE.test(draft.position.trim()) || position > PACKAGE_POSITION_MAX) {
    problems.position = `must be a whole number from 0 to ${PACKAGE_POSITION_MAX}`;
  }
  return problems;
}

/** Call after draftProblems found nothing. */
export function toBody(draft: PackageDraft): AdminPackageBody {
  return {
    name: draft.name.trim(),
    description: draft.description.trim(),
    attempts: Number(draft.attempts.trim()),
    phaseId: draft.phaseId === '' ? null : draft.phaseId,
    price: parseRupees(draft.price) ?? 0,
    position: Number(draft.position.trim()),
    isActive: draft.isActive,
  };
}

/** Only what differs from the stored package, so an update sends what the admin changed. */
export function changedFields(pkg: AdminPackage, body: AdminPackageBody): Partial<AdminPackageBody> {
  const before = toBody(draftOf(pkg));
  return Object.fromEntries(
    Object.entries(body).filter(([key, value]) => before[key as keyof AdminPackageBody] !== value),
  );
}

export function problemText(field: PackageField, problem: string | undefined): string | null {
  return problem === undefined ? null : fieldMessage(PACKAGE_LABELS[field], problem);
}
