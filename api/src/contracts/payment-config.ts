// Payment gateway settings and contest-service packages, shared by api and client; keep it dependency-free.

export const JAZZCASH_SANDBOX_URL = 'https://sandbox.jazzcash.com.pk';
export const JAZZCASH_PRODUCTION_URL = 'https://payments.jazzcash.com.pk';
export const MERCHANT_ID_MAX = 40;
export const GATEWAY_SECRET_MAX = 128;

/** GET /admin/paymentConfig/detail/: secrets are never sent back, only whether one is stored. */
export interface PaymentConfigView {
  sandboxEnabled: boolean;
  jazzcash: {
    enabled: boolean;
    merchantId: string;
    baseUrl: string;
    passwordSet: boolean;
    saltSet: boolean;
    /** '••••••34': the last two characters of the stored password, or null when none is stored. */
    passwordHint: string | null;
    saltHint: string | null;
  };
  /** null until the settings are saved for the first time. */
  updatedAt: string | null;
}

/** POST /admin/paymentConfig/create/: an empty or missing password or salt keeps the stored one. */
export interface PaymentConfigBody {
  sandboxEnabled: boolean;
  jazzcash: {
    enabled: boolean;
    merchantId: string;
    baseUrl: string;
    password?: string;
    integritySalt?: string;
  };
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/** Why a gateway base URL is refused, or null: https, or http only on this machine (a local fake). */
export function gatewayUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return 'must be a web address starting with https://';
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.has(url.hostname)) {
    return 'must start with https:// (http:// only for localhost)';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return 'must be a web address starting with https://';
  }
  if (url.username !== '' || url.password !== '') {
    return 'must not contain a user name or password';
  }
  if (url.search !== '' || url.hash !== '') {
    return 'must not contain ? or #';
  }
  return null;
}

/** The URL as stored: scheme, host and path without a trailing slash. Call after gatewayUrlProblem. */
export function normalizeGatewayUrl(value: string): string {
  const url = new URL(value.trim());
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Prices are typed in rupees with at most two decimals and stored as whole paisa. */
export const PRICE_MIN_RUPEES = 1;
export const PRICE_MAX_RUPEES = 100_000;
export const PACKAGE_NAME_MAX = 80;
export const PACKAGE_DESCRIPTION_MAX = 300;
export const PACKAGE_ATTEMPTS_MIN = 1;
export const PACKAGE_ATTEMPTS_MAX = 20;
export const PACKAGE_POSITION_MAX = 9999;

/** Rupees to paisa, or null when the amount has more than two decimals. */
export function rupeesToPaisa(rupees: number): number | null {
  const paisa = Math.round(rupees * 100);
  return Number.isFinite(rupees) && Math.abs(rupees * 100 - paisa) < 1e-6 ? paisa : null;
}

export const paisaToRupees = (paisa: number): number => paisa / 100;

const wholeRupees = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const rupeesAndPaisa = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 150000 → 'PKR 1,500'; 150050 → 'PKR 1,500.50'. */
export function formatPrice(paisa: number): string {
  const format = paisa % 100 === 0 ? wholeRupees : rupeesAndPaisa;
  return `PKR ${format.format(paisa / 100)}`;
}

export interface PackagePhaseRef {
  _id: string;
  name: string;
}

/** A contest service: what a student buys (attempts, for one phase or any). */
export interface AdminPackage {
  _id: string;
  name: string;
  description: string;
  attempts: number;
  /** null: the attempts can be used in any phase. */
  phase: PackagePhaseRef | null;
  /** Rupees, as admins type them. */
  price: number;
  pricePaisa: number;
  isActive: boolean;
  position: number;
  createdAt: string;
  updatedAt: string;
}

export interface PackagePhaseOption extends PackagePhaseRef {
  number: number;
  status: 'UPCOMING' | 'ACTIVE' | 'CLOSED';
}

/** GET /admin/paymentPackage/: every package, and the phases the form may offer. */
export interface AdminPackageList {
  data: AdminPackage[];
  phases: PackagePhaseOption[];
}

/** POST /admin/paymentPackage/create/ (update/ takes any subset). */
export interface AdminPackageBody {
  name: string;
  description: string;
  attempts: number;
  phaseId: string | null;
  price: number;
  isActive: boolean;
  position: number;
}

export const PACKAGE_HAS_PAYMENTS = 'This package has payments; deactivate it instead.';
