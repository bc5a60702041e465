import { isAdminPath, paths } from '../../../config/paths';

/** Pages a student is never sent back to after logging in. */
const NOT_A_RETURN_PATH: readonly string[] = [
  paths.login,
  paths.signup,
  paths.signupSuccess,
  paths.inactive,
  paths.forgotPassword,
  paths.resetPassword,
  paths.studentVerification,
  paths.studentNotVerified,
];

function pathOf(from: unknown): string | null {
  if (typeof from === 'string') {
    return from;
  }
  if (typeof from === 'object' && from !== null && 'pathname' in from && typeof from.pathname === 'string') {
    const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
    const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
    return `${from.pathname}${search}${hash}`;
  }
  return null;
}

/** Where the student was going (a location or a path in router state), if it is a safe page of this site. */
export function studentReturnPath(from: unknown): string | null {
  const path = pathOf(from);
  if (path === null || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return null;
  }
  const pathname = path.split(/[?#]/)[0] ?? '';
  if (isAdminPath(pathname) || NOT_A_RETURN_PATH.includes(pathname.replace(/\/$/, '') || '/')) {
    return null;
  }
  return path;
}

export interface LoginOutcome {
  emailVerified: boolean;
  /** flags.isEmailVerificationEnabled */
  verificationRequired: boolean;
  /** location.state.from, set by the student guard or the session-expiry handler. */
  from: unknown;
}

/** After logging in: the not-verified page when the e-mail must be confirmed first, else where they were going. */
export function loginDestination({ emailVerified, verificationRequired, from }: LoginOutcome): string {
  if (verificationRequired && !emailVerified) {
    return paths.studentNotVerified;
  }
  return studentReturnPath(from) ?? paths.dashboard;
}

/** Reads `from` and a prefilled `email` from the router state given to /login. */
export function loginState(state: unknown): { from: unknown; email: string } {
  if (typeof state !== 'object' || state === null) {
    return { from: null, email: '' };
  }
  const from = 'from' in state ? state.from : null;
  const email = 'email' in state && typeof state.email === 'string' ? state.email : '';
  return { from, email };
}
