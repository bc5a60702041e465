/**
 * One interface for every payment gateway (hosted checkout: the student's browser is sent to the
 * gateway with signed fields; the gateway reports back with signed fields, and can be asked about
 * an order server to server). Adding Easypaisa or a card gateway means one new module.
 */
export type GatewayId = 'jazzcash' | 'sandbox';

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
