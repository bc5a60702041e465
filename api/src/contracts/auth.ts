import type { Permissions } from './permissions.js';

/** Admin auth state of spec §3. The refresh token lives only in an httpOnly cookie, so it is null here. */
export interface AdminAuthState {
  accessToken: string;
  refreshToken: null;
  permissions: Permissions;
  role: string;
  isSuperAdmin: boolean;
  username: string;
  email: string;
}

export type StaffLoginResponse = Omit<AdminAuthState, 'refreshToken'>;

export interface RefreshResponse {
  accessToken: string;
}

export interface ErrorResponse {
  message: string;
}

/** The error code of a login refused until the reCAPTCHA box is ticked (the body names the site key). */
export const CAPTCHA_REQUIRED = 'CAPTCHA_REQUIRED';

/**
 * A login answered 403 with this code needs the code just e-mailed to the account (too many wrong
 * passwords for it): send it with the same e-mail and password to the login's `/code` call.
 */
export const LOGIN_CODE_REQUIRED = 'LOGIN_CODE_REQUIRED';
/** 401 from a login's `/code` call: the code is not the one sent; it may be typed again. */
export const LOGIN_CODE_WRONG = 'LOGIN_CODE_WRONG';
/** 401 from a login's `/code` call: no code is live (expired, used, or tried too often); log in again. */
export const LOGIN_CODE_EXPIRED = 'LOGIN_CODE_EXPIRED';
