import type { StaffLoginResponse } from '@riyazi/api/contracts';
import { adminHttp, publicHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type StaffProfile = Omit<StaffLoginResponse, 'accessToken'>;

export const adminMeQueryKey = [ADMIN_KEY_ROOT, 'me'] as const;

export interface LoginInput {
  email: string;
  password: string;
  /** Only after the api answered CAPTCHA_REQUIRED. */
  recaptchaToken?: string;
}

/** skipAuth: a 401 here means wrong credentials, never a token to refresh. */
export function loginStaff(input: LoginInput): Promise<StaffLoginResponse> {
  return adminHttp.post<StaffLoginResponse>('/user/login', input, { skipAuth: true });
}

/** The second step after LOGIN_CODE_REQUIRED: the same e-mail and password with the e-mailed code. */
export function loginStaffWithCode(input: {
  email: string;
  password: string;
  code: string;
}): Promise<StaffLoginResponse> {
  return adminHttp.post<StaffLoginResponse>('/user/login/code', input, { skipAuth: true });
}

export function logoutStaff(): Promise<unknown> {
  return adminHttp.post<unknown>('/user/logout');
}

export function fetchStaffProfile(signal?: AbortSignal): Promise<StaffProfile> {
  return adminHttp.get<StaffProfile>('/user/me', { signal });
}

export interface MessageResponse {
  message: string;
}

/** Always answers the same message, whether or not the address belongs to a staff member. */
export function requestStaffPasswordReset(email: string): Promise<MessageResponse> {
  return publicHttp.post<MessageResponse>('/user/forgot-password', { email });
}

export function resetStaffPassword(input: { token: string; password: string }): Promise<MessageResponse> {
  return publicHttp.post<MessageResponse>('/user/reset-password', input);
}
