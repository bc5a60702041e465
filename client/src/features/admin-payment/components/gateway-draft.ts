import {
  GATEWAY_SECRET_MAX,
  gatewayUrlProblem,
  MERCHANT_ID_MAX,
  type PaymentConfigBody,
  type PaymentConfigView,
} from '@riyazi/api/contracts';
import { type FieldProblems, fieldMessage } from '../../../shared/forms/form-errors';

export const GATEWAY_FIELDS = [
  'sandboxEnabled',
  'jazzcashEnabled',
  'merchantId',
  'baseUrl',
  'password',
  'integritySalt',
] as const;
export type GatewayField = (typeof GATEWAY_FIELDS)[number];

export const GATEWAY_LABELS: Record<GatewayField, string> = {
  sandboxEnabled: 'Sandbox gateway',
  jazzcashEnabled: 'JazzCash',
  merchantId: 'Merchant ID',
  baseUrl: 'Base URL',
  password: 'Password',
  integritySalt: 'Integrity salt',
};

/** The api names nested fields by their path ('jazzcash.password'); the form by its own names. */
const SERVER_FIELDS: Record<string, GatewayField> = {
  sandboxEnabled: 'sandboxEnabled',
  'jazzcash.enabled': 'jazzcashEnabled',
  'jazzcash.merchantId': 'merchantId',
  'jazzcash.baseUrl': 'baseUrl',
  'jazzcash.password': 'password',
  'jazzcash.integritySalt': 'integritySalt',
};

export interface GatewayDraft {
  sandboxEnabled: boolean;
  jazzcashEnabled: boolean;
  merchantId: string;
  baseUrl: string;
  /** Never prefilled: empty keeps the stored secret. */
  password: string;
  integritySalt: string;
}

export function toDraft(view: PaymentConfigView): GatewayDraft {
  return {
    sandboxEnabled: view.sandboxEnabled,
    jazzcashEnabled: view.jazzcash.enabled,
    merchantId: view.jazzcash.merchantId,
    baseUrl: view.jazzcash.baseUrl,
    password: '',
    integritySalt: '',
  };
}

const MERCHANT_ID = /^[A-Za-z0-9_-]*$/;
const NEEDED_TO_ENABLE = 'is required to turn JazzCash on';

/** The api's rules, so most mistakes show before the round trip. */
export function draftProblems(draft: GatewayDraft, view: PaymentConfigView): FieldProblems<GatewayField> {
  const problems: FieldProblems<GatewayField> = {};
  const merchantId = draft.merchantId.trim();
  if (!MERCHANT_ID.test(merchantId)) {
    problems.merchantId = 'may hold only letters, digits, - and _';
  } else if (merchantId.length > MERCHANT_ID_MAX) {
    problems.merchantId = `must be at most ${MERCHANT_ID_MAX} characters`;
  } else if (draft.jazzcashEnabled && merchantId === '') {
    problems.merchantId = NEEDED_TO_ENABLE;
  }
  const urlProblem = gatewayUrlProblem(draft.baseUrl);
  if (urlProblem !== null) {
    problems.baseUrl = urlProblem;
  }
  for (const [field, stored] of [
    ['password', view.jazzcash.passwordSet],
    ['integritySalt', view.jazzcash.saltSet],
  ] as const) {
    const typed = draft[field].trim();
    if (typed.length > GATEWAY_SECRET_MAX) {
      problems[field] = `must be at most ${GATEWAY_SECRET_MAX} characters`;
    } else if (draft.jazzcashEnabled && typed === '' && !stored) {
      problems[field] = NEEDED_TO_ENABLE;
    }
  }
  return problems;
}

/** POST body: trimmed values, and no password or salt when its box was left empty. */
export function toRequestBody(draft: GatewayDraft): PaymentConfigBody {
  const password = draft.password.trim();
  const integritySalt = draft.integritySalt.trim();
  return {
    sandboxEnabled: draft.sandboxEnabled,
    jazzcash: {
      enabled: draft.jazzcashEnabled,
      merchantId: draft.merchantId.trim(),
      baseUrl: draft.baseUrl.trim(),
      ...(password === '' ? {} : { password }),
      ...(integritySalt === '' ? {} : { integritySalt }),
    },
  };
}

/** The api's field problems under the form's field names; problems with no field are returned apart. */
export function serverProblems(fieldErrors: Readonly<Record<string, string>>): {
  problems: FieldProblems<GatewayField>;
  other: string[];
} {
  const problems: FieldProblems<GatewayField> = {};
  const other: string[] = [];
  for (const [name, problem] of Object.entries(fieldErrors)) {
    const field = SERVER_FIELDS[name];
    if (field === undefined) {
      other.push(problem);
    } else {
      problems[field] = problem;
    }
  }
  return { problems, other };
}

export function problemText(field: GatewayField, problem: string | undefined): string | null {
  return problem === undefined ? null : fieldMessage(GATEWAY_LABELS[field], problem);
}

/** 'stored (ends in 34)' from the api's '••••••34'; 'stored' when no characters are shown. */
export function storedSecretText(hint: string | null): string | null {
  if (hint === null) {
    return null;
  }
  const end = hint.replace(/^•+/, '');
  return end === '' ? 'stored' : `stored (ends in ${end})`;
}
