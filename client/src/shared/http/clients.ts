import { env } from '../../config/env';
import { useI18nStore } from '../i18n/i18n-store';
import { sessionActions, useSessionStore } from '../session/session-store';
import type { Audience } from '../session/session-types';
import { createHttpClient } from './http-client';

const baseUrl = `${env.apiBase}/api`;

type SessionExpiredHandler = () => void;
const sessionExpiredHandlers: Record<Audience, SessionExpiredHandler> = {
  admin: () => undefined,
  student: () => undefined,
};

/** The app registers what happens when a session cannot be refreshed (toast, navigation). */
export function onSessionExpired(audience: Audience, handler: SessionExpiredHandler): void {
  sessionExpiredHandlers[audience] = handler;
}

/** Where each audience's httpOnly refresh cookie is exchanged for an access token. */
export const REFRESH_PATHS: Record<Audience, string> = {
  admin: '/user/refresh',
  student: '/student/refresh',
};

/** Student-facing calls ask for messages in the language the child reads; the admin stays English. */
const language = () => useI18nStore.getState().language;

/** Calls that need no identity (public flags, sign-up). */
export const publicHttp = createHttpClient({ baseUrl, language });

export const adminHttp = createHttpClient({
  baseUrl,
  auth: {
    getAccessToken: () => useSessionStore.getState().adminAuth?.accessToken ?? null,
    refreshPath: REFRESH_PATHS.admin,
    onTokenRefreshed: sessionActions.setAdminAccessToken,
    onLogout: sessionActions.clearAdminAuth,
    onSessionExpired: () => sessionExpiredHandlers.admin(),
  },
});

export const studentHttp = createHttpClient({
  baseUrl,
  language,
  auth: {
    getAccessToken: () => useSessionStore.getState().studentAuth?.token.accessToken ?? null,
    refreshPath: REFRESH_PATHS.student,
    onTokenRefreshed: sessionActions.setStudentAccessToken,
    onLogout: sessionActions.clearStudentAuth,
    onSessionExpired: () => sessionExpiredHandlers.student(),
  },
});
