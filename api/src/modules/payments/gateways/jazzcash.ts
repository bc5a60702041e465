import { createHmac, timingSafeEqual } from 'node:crypto';
import { pakistanStamp } from '../../../lib/time.js';
import type { CheckoutOrder, GatewayModule, GatewayReport, PaymentGateway } from './gateway.js';

export const JAZZCASH_SANDBOX_URL = 'https://sandbox.jazzcash.com.pk';
export const JAZZCASH_PRODUCTION_URL = 'https://payments.jazzcash.com.pk';

export interface JazzCashConfig {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** https://sandbox.jazzcash.com.pk or https://payments.jazzcash.com.pk */
  baseUrl: string;
}

type Status = GatewayReport['status'];

const CHECKOUT_PATH = '/CustomerPortal/transactionmanagement/merchantform/';
const INQUIRY_PATH = '/ApplicationAPI/API/PaymentInquiry/Inquire';
const INQUIRY_TIMEOUT_MS = 10_000;
const ORDER_REF = /^[A-Z0-9]{6,20}$/;
const SECURE_HASH = /^[0-9A-Fa-f]{64}$/;
// The guide's pp_Description note: these characters are treated as malicious input.
const UNSAFE_DESCRIPTION = /[<>\\*=%/:'|"{}]|[^\x20-\x7e]/g;

// The guide's response-code table maps 000 and 121 to "Completed" and 124 (voucher waiting to be paid
// over the counter) to "Pending"; 157 (wallet/card pending) and 210 (authorization pending) are not
// final either. Every other code is a failure.
const PAID_CODES: ReadonlySet<string> = new Set(['000', '121']);
const PENDING_CODES: ReadonlySet<string> = new Set(['124', '157', '210']);

/**
 * pp_SecureHash as the "Hashing Scheme" of JazzCash's merchant integration guide defines it (its worked
 * example is a unit test): the values of every field whose name begins with "pp" (pp_ and ppmpf_), except
 * pp_SecureHash, in ordinal order of their names, joined with "&" after the integrity salt; HMAC-SHA256
 * keyed with the salt, as hex (upper case, as JazzCash sends it). Empty values are left out, as JazzCash's
 * sample merchant page does.
 */
export function jazzCashSecureHash(fields: Record<string, string>, integritySalt: string): string {
  const values = Object.keys(fields)
    .filter((name) => name.startsWith('pp') && name !== 'pp_SecureHash' && fields[name] !== '')
    .sort()
    .map((name) => fields[name]);
  return createHmac('sha256', integritySalt)
    .update([integritySalt, ...values].join('&'), 'utf8')
    .digest('hex')
    .toUpperCase();
}

/** Compares in constant time; hex case does not matter (JazzCash's own samples send lower case). */
function signatureMatches(fields: Record<string, string>, integritySalt: string): boolean {
  const received = fields.pp_SecureHash;
  if (typeof received !== 'string' || !SECURE_HASH.test(received)) {
    return false;
  }
  const expected = Buffer.from(jazzCashSecureHash(fields, integritySalt), 'hex');
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}

function safeDescription(order: CheckoutOrder): string {
  const text = order.description.replace(UNSAFE_DESCRIPTION, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);
  return text === '' ? `Order ${order.orderRef}` : text;
}

const textOf = (value: string | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

function paisaOf(value: string | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    return null;
  }
  return Number(value);
}

function statusOfCode(code: string | null): Status {
  if (code !== null && PAID_CODES.has(code)) {
    return 'PAID';
  }
  return code !== null && PENDING_CODES.has(code) ? 'PENDING' : 'FAILED';
}

/** The inquiry's pp_Status ("Completed", "Pending", "Failed", …) must agree with its payment code. */
function statusOfInquiry(code: string | null, state: string | null): Status {
  if (state === 'pending' || (code !== null && PENDING_CODES.has(code))) {
    return 'PENDING';
  }
  if (code === null) {
    return state === 'completed' ? 'PAID' : state === null ? 'PENDING' : 'FAILED';
  }
  return PAID_CODES.has(code) && (state === null || state === 'completed') ? 'PAID' : 'FAILED';
}

/** Reads a callback or inquiry answer; an unsigned one is never PAID or FAILED, only PENDING. */
function reportOf(
  fields: Record<string, string>,
  signatureValid: boolean,
  status: Status,
  code: string | null,
  message: string | null,
): GatewayReport {
  return {
    signatureValid,
    orderRef: textOf(fields.pp_TxnRefNo),
    gatewayRef: textOf(fields.pp_RetreivalReferenceNo) ?? textOf(fields.pp_RetrievalReferenceNo),
    amountPaisa: paisaOf(fields.pp_Amount),
    currency: textOf(fields.pp_TxnCurrency),
    status: signatureValid ? status : 'PENDING',
    responseCode: code === null ? null : code.slice(0, 16),
    responseMessage: message === null ? null : message.slice(0, 300),
  };
}

/** A flat JSON object as strings (null as empty); anything else is not a JazzCash answer. */
function flatFields(body: unknown): Record<string, string> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return null;
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === null) {
      fields[name] = '';
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[name] = String(value);
    } else {
      return null;
    }
  }
  return fields;
}

function failureReason(error: unknown): string {
  if (error instanceof Error && error.name === 'TimeoutError') {
    return `no answer within ${INQUIRY_TIMEOUT_MS / 1000} s`;
  }
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') {
    return cause.code;
  }
  return error instanceof Error ? error.message : 'unknown error';
}

/** JazzCash hosted checkout ("Page Redirection", API version 1.1) and its status inquiry. */
export function createJazzCashGateway(
  config: JazzCashConfig,
  fetchImpl: typeof fetch = fetch,
): PaymentGateway {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const salt = config.integritySalt;

  async function post(orderRef: string, body: string): Promise<Record<string, string>> {
    const failed = (why: string) => new Error(`JazzCash status inquiry for ${orderRef} failed: ${why}`);
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${baseUrl}${INQUIRY_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(INQUIRY_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw failed(failureReason(error));
    }
    if (status < 200 || status > 299) {
      throw failed(`HTTP ${status}`);
    }
    let fields: Record<string, string> | null = null;
    try {
      fields = flatFields(JSON.parse(text));
    } catch {
      // Reported below with the non-object answers.
    }
    if (!fields) {
      throw failed('the answer is not a flat JSON object');
    }
    return fields;
  }

  return {
    id: 'jazzcash',
    label: 'JazzCash',

    checkout(order) {
      if (!ORDER_REF.test(order.orderRef)) {
        throw new Error('a JazzCash order reference is 6 to 20 capital letters and digits');
      }
      if (!Number.isSafeInteger(order.amountPaisa) || order.amountPaisa <= 0) {
        throw new Error('a JazzCash amount is a positive whole number of paisa');
      }
      const fields: Record<string, string> = {
        pp_Version: '1.1',
        // Left empty: the student chooses wallet, card or voucher on JazzCash's own page.
        pp_TxnType: '',
        pp_Language: 'EN',
        pp_MerchantID: config.merchantId,
        pp_SubMerchantID: '',
        pp_Password: config.password,
        pp_BankID: '',
        pp_ProductID: '',
        pp_TxnRefNo: order.orderRef,
        pp_Amount: String(order.amountPaisa),
        pp_TxnCurrency: order.currency,
        pp_TxnDateTime: pakistanStamp(order.createdAt),
        pp_TxnExpiryDateTime: pakistanStamp(order.expiresAt),
        pp_BillReference: order.orderRef,
        pp_Description: safeDescription(order),
        pp_ReturnURL: order.returnUrl,
        ppmpf_1: '',
        ppmpf_2: '',
        ppmpf_3: '',
        ppmpf_4: '',
        ppmpf_5: '',
      };
      return {
        action: `${baseUrl}${CHECKOUT_PATH}`,
        method: 'POST',
        fields: { ...fields, pp_SecureHash: jazzCashSecureHash(fields, salt) },
      };
    },

    parseCallback(fields) {
      const code = textOf(fields.pp_ResponseCode);
      return reportOf(
        fields,
        signatureMatches(fields, salt),
        statusOfCode(code),
        code,
        textOf(fields.pp_ResponseMessage),
      );
    },

    async inquire({ orderRef }) {
      const request = {
        pp_TxnRefNo: orderRef,
        pp_MerchantID: config.merchantId,
        pp_Password: config.password,
      };
      const body = JSON.stringify({ ...request, pp_SecureHash: jazzCashSecureHash(request, salt) });
      const fields = await post(orderRef, body);
      const signatureValid = signatureMatches(fields, salt);
      const withRef = { ...fields, pp_TxnRefNo: fields.pp_TxnRefNo || orderRef };
      // pp_ResponseCode is about the inquiry itself; only a 000 carries the payment's own code and status.
      const inquiryCode = textOf(fields.pp_ResponseCode);
      if (inquiryCode !== '000') {
        return reportOf(withRef, signatureValid, 'PENDING', inquiryCode, textOf(fields.pp_ResponseMessage));
      }
      const code = textOf(fields.pp_PaymentResponseCode);
      const state = textOf(fields.pp_Status)?.trim().toLowerCase() || null;
      return reportOf(
        withRef,
        signatureValid,
        statusOfInquiry(code, state),
        code ?? inquiryCode,
        textOf(fields.pp_PaymentResponseMessage) ?? textOf(fields.pp_ResponseMessage),
      );
    },
  };
}

/** JazzCash as a gateway module: its settings, where its checkout posts, and how it is built. */
export const jazzCashModule: GatewayModule = {
  id: 'jazzcash',
  label: 'JazzCash',
  description: 'Needs the merchant ID, password and integrity salt from your JazzCash merchant portal.',
  settings: [
    {
      name: 'merchantId',
      label: 'Merchant ID',
      kind: 'text',
      requiredToEnable: true,
      maxLength: 40,
      placeholder: 'MC12345',
      pattern: { source: '^[A-Za-z0-9_-]*$', message: 'may hold only letters, digits, - and _' },
    },
    {
      name: 'baseUrl',
      label: 'Base URL',
      kind: 'url',
      requiredToEnable: true,
      maxLength: 300,
      default: JAZZCASH_SANDBOX_URL,
      hint: `Testing: ${JAZZCASH_SANDBOX_URL}. Live payments: ${JAZZCASH_PRODUCTION_URL}.`,
    },
    { name: 'password', label: 'Password', kind: 'secret', requiredToEnable: true, maxLength: 128 },
    {
      name: 'integritySalt',
      label: 'Integrity salt',
      kind: 'secret',
      requiredToEnable: true,
      maxLength: 128,
    },
  ],
  formActionOrigins: [JAZZCASH_SANDBOX_URL, JAZZCASH_PRODUCTION_URL],
  create: (settings) =>
    createJazzCashGateway({
      merchantId: settings.merchantId ?? '',
      password: settings.password ?? '',
      integritySalt: settings.integritySalt ?? '',
      baseUrl: settings.baseUrl ?? JAZZCASH_SANDBOX_URL,
    }),
};
