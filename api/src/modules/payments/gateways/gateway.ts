import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * One interface for every payment gateway (hosted checkout: the student's browser is sent to the
 * gateway with signed fields; the gateway reports back with signed fields, and can be asked about
 * an order server to server). Adding Easypaisa or a card gateway means one new module exporting a
 * GatewayModule, and one line in registry.ts.
 */
export type GatewayId = string;

export interface CheckoutOrder {
  /** Our order id (JazzCash pp_TxnRefNo): 6–20 of A–Z and 0–9. */
  orderRef: string;
  amountPaisa: number;
  currency: 'PKR';
  /** Shown by the gateway; plain ASCII, at most 100 characters. */
  description: string;
  createdAt: Date;
  expiresAt: Date;
  /** Where the gateway sends the student's browser back (it posts the signed result there). */
  returnUrl: string;
}

/** A form the student's browser submits to reach the gateway's checkout. */
export interface CheckoutForm {
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

/** What a gateway said about an order, read from a callback or a status inquiry. */
export interface GatewayReport {
  /** The signature over the received fields matched (constant-time comparison). */
  signatureValid: boolean;
  orderRef: string | null;
  /** The gateway's own transaction reference (e.g. JazzCash pp_RetreivalReferenceNo). */
  gatewayRef: string | null;
  amountPaisa: number | null;
  currency: string | null;
  /** PAID only when the gateway says the money was taken; PENDING while it does not know yet. */
  status: 'PAID' | 'FAILED' | 'PENDING';
  responseCode: string | null;
  responseMessage: string | null;
}

export interface PaymentGateway {
  readonly id: GatewayId;
  /** Shown to students on the payment page. */
  readonly label: string;
  checkout(order: CheckoutOrder): CheckoutForm;
  /** Verifies and reads a callback or return exactly as received (every field, as strings). */
  parseCallback(fields: Record<string, string>): GatewayReport;
  /** Asks the gateway about an order (server to server); throws when the gateway cannot be reached. */
  inquire(order: { orderRef: string; createdAt: Date }): Promise<GatewayReport>;
}

/** What a gateway module is given to build itself, besides its own settings. */
export interface GatewayEnv {
  publicUrl: string;
  encryptionKey: string;
  redis: Redis;
  redisPrefix: string;
}

/** One setting of a gateway, as the admin settings page shows and the api checks it. */
export interface GatewaySettingSpec {
  /** The key in the module's settings (and the form field `<gateway>.<name>`). */
  name: string;
  label: string;
  /** secret: stored AES-GCM encrypted and never returned, only its last characters. */
  kind: 'text' | 'url' | 'secret';
  /** Needed (given, stored or defaulted) before the gateway can be switched on. */
  requiredToEnable: boolean;
  maxLength: number;
  hint?: string;
  placeholder?: string;
  /** Used while nothing is stored (not for secrets). */
  default?: string;
  /** A whole-value regular expression (source) a typed value must match, and what to say otherwise. */
  pattern?: { source: string; message: string };
}

/** Options a gateway's own routes (e.g. the sandbox's checkout page) are registered with. */
export interface GatewayRoutesOptions {
  env: GatewayEnv;
  /** True while this gateway is switched on and allowed here. */
  isOn: () => Promise<boolean>;
}

/** A gateway as a module: it describes itself, and builds the PaymentGateway from its settings. */
export interface GatewayModule {
  /** Lower case letters, digits and -, 2 to 20 characters; used in URLs and stored on payments. */
  id: GatewayId;
  /** Shown to students at checkout and to admins. */
  label: string;
  /** Shown to admins next to the switch. */
  description: string;
  /** Shown to admins while the gateway is switched on. */
  warning?: string;
  settings: readonly GatewaySettingSpec[];
  /** Origins the checkout form posts to (the CSP form-action allows them). */
  formActionOrigins: readonly string[];
  /** A pretend gateway (no money moves): refused in production unless PAYMENT_SANDBOX_IN_PRODUCTION=true. */
  testOnly?: boolean;
  create(settings: Readonly<Record<string, string>>, env: GatewayEnv): PaymentGateway;
  /** The gateway's own pages or endpoints, registered under /api (paths start with /payment/<id>/). */
  routes?: FastifyPluginAsync<GatewayRoutesOptions>;
}
