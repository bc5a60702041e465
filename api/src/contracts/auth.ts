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
