import type { StudentSession } from '@riyazi/api/contracts/accounts';
import { publicHttp, studentHttp } from '../../../shared/http/clients';
import type { StudentAuthState } from '../../../shared/session/session-types';

export interface MessageResponse {
  message: string;
}

export type EmailVerificationStatus = 'verified' | 'alreadyVerified';

/** skipAuth: a 401 here means wrong credentials, never a token to refresh. */
export function loginStudent(input: {
  email: string;
  password: string;
  recaptchaToken?: string;
}): Promise<StudentSession> {
  return studentHttp.post<StudentSession>('/student/login', input, { skipAuth: true });
}

/** The second step after LOGIN_CODE_REQUIRED: the same e-mail and password with the e-mailed code. */
export function loginStudentWithCode(input: {
  email: string;
  password: string;
  code: string;
}): Promise<StudentSession> {
  return studentHttp.post<StudentSession>('/student/login/code', input, { skipAuth: true });
}

/** The stored auth state of spec §3 (plus emailVerified); the refresh token stays in its cookie. */
export function toStudentAuth({ accessToken, ...session }: StudentSession): StudentAuthState {
  return { ...session, token: { accessToken, refreshToken: null } };
}

export function verifyEmail(token: string): Promise<MessageResponse & { status: EmailVerificationStatus }> {
  return publicHttp.post('/student/verify-email', { token });
}

export function resendVerificationEmail(): Promise<MessageResponse> {
  return studentHttp.post<MessageResponse>('/student/verify-email/resend');
}

export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return publicHttp.post<MessageResponse>('/student/forgot-password', { email });
}

export function resetPassword(input: { token: string; password: string }): Promise<MessageResponse> {
  return publicHttp.post<MessageResponse>('/student/reset-password', input);
}
