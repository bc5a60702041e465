// Payment gateway settings and contest-service packages, shared by api and client; keep it dependency-free.

/** A gateway's id: lower case letters, digits and -, 2 to 20 characters (it is part of URLs). */
export const GATEWAY_ID = /^[a-z][a-z0-9-]{1,19}$/;
export const isGatewayId = (value: string) => GATEWAY_ID.test(value);
/** The gateway a payment names when a promo code covered its whole price. */
export const FREE_GATEWAY = 'free';

export type GatewaySettingKind = 'text' | 'url' | 'secret';

/** One setting of a gateway as the settings page renders it (the api describes every gateway). */
export interface GatewaySettingView {
  name: string;
  label: string;
  kind: GatewaySettingKind;
  requiredToEnable: boolean;
  maxLength: number;
  hint: string | null;
  placeholder: string | null;
  /** A whole-value regular expression (source) and what to say when a value does not match it. */
  pattern: { source: string; message: string } | null;
  /** The stored value (or the default) of a plain setting; always '' for a secret. */
  value: string;
  /** A secret: '••••••34' (its last two characters) or '••••••' when stored, null when none is. */
  storedHint: string | null;
}

export interface GatewayConfigView {
  id: string;
  label: string;
  description: string;
  warning: string | null;
  enabled: boolean;
  /** False when it cannot be switched on here (a test-only gateway in production). */
  available: boolean;
  unavailableReason: string | null;
  settings: GatewaySettingView[];
}

/** GET /admin/paymentConfig/detail/: every gateway; secrets are never sent back, only a hint. */
export interface PaymentConfigView {
  gateways: GatewayConfigView[];
  /** null until the settings are saved for the first time. */
  updatedAt: string | null;
}

/**
 * POST /admin/paymentConfig/create/: gateways left out stay as they are; settings left out keep their
 * stored value, and an empty secret keeps the stored one.
 */
export interface PaymentConfigBody {
  gateways: Record<string, { enabled: boolean; settings?: Record<string, string> }>;
}

/** Why a typed setting is refused, or null (the api's rules, so the form can check before sending). */
export function gatewaySettingProblem(
  spec: Pick<GatewaySettingView, 'kind' | 'maxLength'> & {
    pattern?: GatewaySettingView['pattern'] | undefined;
  },
  value: string,
): string | null {
  if (value.length > spec.maxLength) {
    return `must be at most ${spec.maxLength} characters`;
  }
  if (value === '' || spec.kind === 'secret') {
    return null;
  }
  if (spec.kind === 'url') {
    return gatewayUrlProblem(value);
  }
  return spec.pattern && !new RegExp(spec.pattern.source).test(value) ? spec.pattern.message : null;
}

export const requiredToEnableProblem = (gatewayLabel: string) => `is required to turn ${gatewayLabel} on`;

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
