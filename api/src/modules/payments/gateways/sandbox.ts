import { createHmac, randomInt } from 'node:crypto';
import { pakistanStamp } from '../../../lib/time.js';
import type {
  CheckoutForm,
  CheckoutOrder,
  GatewayEnv,
  GatewayModule,
  GatewayReport,
  PaymentGateway,
} from './gateway.js';
import { createJazzCashGateway, jazzCashSecureHash } from './jazzcash.js';
import { SANDBOX_CHECKOUT_PATH, sandboxPages } from './sandbox-pages.js';

/**
 * The local sandbox gateway (development and the demo): a checkout page with Approve and Decline,
 * served by the api itself, speaking JazzCash's field protocol and signing its result the same way
 * (HMAC-SHA256 over the sorted pp_ fields) with a salt derived from ENCRYPTION_KEY. Its "bank" is
 * Redis: the decision is kept there for the status inquiry (a fake gateway keeps nothing we own).
 */

const DECIDED_TTL_SECONDS = 7 * 24 * 3600;

export type SandboxOptions = GatewayEnv;

export type SandboxGateway = PaymentGateway & {
  /** Signs a decision into the fields the sandbox posts back to the return URL, and records it. */
  decide(fields: Record<string, string>, approve: boolean): Promise<Record<string, string> | null>;
};

export const sandboxSalt = (encryptionKey: string) =>
  createHmac('sha256', encryptionKey).update('riyazi sandbox gateway').digest('hex').slice(0, 32);

const decidedKey = (prefix: string, orderRef: string) => `${prefix}:sandbox-gateway:${orderRef}`;

export function createSandboxGateway(options: SandboxOptions): SandboxGateway {
  const salt = sandboxSalt(options.encryptionKey);
  // Reading a signed result is exactly JazzCash's rule, with the sandbox's salt.
  const reader = createJazzCashGateway({
    merchantId: 'SANDBOX',
    password: '',
    integritySalt: salt,
    baseUrl: options.publicUrl,
  });
  const sign = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: jazzCashSecureHash(fields, salt),
  });
  return {
    id: 'sandbox',
    label: 'Sandbox (test payments)',
    checkout(order: CheckoutOrder): CheckoutForm {
      return {
        action: new URL(SANDBOX_CHECKOUT_PATH, options.publicUrl).toString(),
        method: 'POST',
        fields: sign({
          pp_Amount: String(order.amountPaisa),
          pp_Description: order.description,
          pp_ReturnURL: order.returnUrl,
          pp_TxnCurrency: order.currency,
          pp_TxnDateTime: pakistanStamp(order.createdAt),
          pp_TxnExpiryDateTime: pakistanStamp(order.expiresAt),
          pp_TxnRefNo: order.orderRef,
        }),
      };
    },
    parseCallback: (fields) => reader.parseCallback(fields),
    async inquire({ orderRef }): Promise<GatewayReport> {
      const stored = await options.redis.get(decidedKey(options.redisPrefix, orderRef));
      if (!stored) {
        return {
          signatureValid: true,
          orderRef,
          gatewayRef: null,
          amountPaisa: null,
          currency: null,
          status: 'PENDING',
          responseCode: '157',
          responseMessage: 'Transaction is pending',
        };
      }
      return reader.parseCallback(JSON.parse(stored) as Record<string, string>);
    },
    /** Null when the checkout fields were not signed by us (tampered with on the way). */
    async decide(fields, approve) {
      const checkout = reader.parseCallback(fields);
      if (!checkout.signatureValid || !fields.pp_TxnRefNo || !fields.pp_ReturnURL) {
        return null;
      }
      const result = sign({
        pp_Amount: fields.pp_Amount ?? '',
        pp_ResponseCode: approve ? '000' : '199',
        pp_ResponseMessage: approve
          ? 'Thank you for using the sandbox gateway.'
          : 'Declined by the payer (sandbox).',
        pp_RetreivalReferenceNo: String(randomInt(100_000_000, 999_999_999)) + String(randomInt(100, 999)),
        pp_TxnCurrency: fields.pp_TxnCurrency ?? '',
        pp_TxnDateTime: pakistanStamp(new Date()),
        pp_TxnRefNo: fields.pp_TxnRefNo,
      });
      await options.redis.set(
        decidedKey(options.redisPrefix, fields.pp_TxnRefNo),
        JSON.stringify(result),
        'EX',
        DECIDED_TTL_SECONDS,
      );
      return result;
    },
  };
}

/** The sandbox as a gateway module: no settings, and its own checkout page. */
export const sandboxModule: GatewayModule = {
  id: 'sandbox',
  label: 'Sandbox (test payments)',
  description: 'A pretend checkout with Approve and Decline: students get attempts without paying.',
  warning: 'Use the sandbox for development and demos only, never on the live site.',
  settings: [],
  formActionOrigins: [],
  testOnly: true,
  create: (_settings, env) => createSandboxGateway(env),
  routes: sandboxPages(createSandboxGateway),
};
