/** The student payment calls' shapes (api/src/modules/payments/payments.routes.ts), shared with the client. */
/** A gateway's id as GET /payment/options lists it (the api's registry decides which exist). */
export type GatewayChoice = string;

export interface PaymentPackage {
  _id: string;
  name: string;
  description: string;
  attempts: number;
  /** PKR. */
  price: number;
  /** The contest the attempts are meant for (attempts are one balance); null: any phase. */
  phase: { _id: string; title: string; isContestPhase: boolean } | null;
  /** False when the student could not use all its attempts in its phase; checkout then answers 409. */
  usable: boolean;
  /** Why not, in English (as the checkout's 409 says it), or null. */
  unusableReason: string | null;
  /** Why not, for the payment page to word in the student's language: the phase's name, the plays
   * of its contest still open to the student and the attempts they hold. */
  unusable: {
    kind: 'CONTEST_ENDED' | 'ALL_PLAYED' | 'HELD_COVER' | 'TOO_MANY';
    phase: string;
    playsLeft: number;
    held: number;
  } | null;
}

export interface PaymentOptions {
  paymentEnabled: boolean;
  gateways: { id: GatewayChoice; label: string }[];
  packages: PaymentPackage[];
  contestAttempts: number;
  isPaymentMade: boolean;
}

export interface PromoCheck {
  code: string;
  price: number;
  discount: number;
  amount: number;
  message: string;
}

export type CheckoutResult =
  | { orderRef: string; status: 'PAID'; contestAttempts: number }
  | {
      orderRef: string;
      status: 'PENDING';
      redirect: { action: string; method: 'POST'; fields: Record<string, string> };
    };

export interface PaymentOrder {
  orderRef: string;
  status: 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED' | 'CANCELLED' | 'REFUNDED';
  gateway: string;
  amount: number;
  attempts: number;
  packageName: string;
  createdAt: string;
  paidAt: string | null;
  message: string | null;
  contestAttempts: number;
}
