import { type AdminAuthState, defaultFlags, normalizeFlags, type SystemFlags } from '@riyazi/api/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { adoptAccountLanguage } from '../i18n/i18n-store';
import type { Language } from '../i18n/languages';
import { createIndexedDbKeyProvider } from '../storage/indexeddb-key-provider';
import { createSessionStorage } from '../storage/session-storage';
import type {
  QuizState,
  SessionState,
  StudentAuthState,
  StudentSessionFields,
  SystemFlagsState,
} from './session-types';

type AdminProfile = Omit<AdminAuthState, 'refreshToken' | 'accessToken'>;

export const SESSION_STORAGE_KEY = 'persist:root';

export function initialQuizState(): QuizState {
  return { practiceQuiz: null, contestQuiz: null, contestAttempts: 0, isPaymentMade: false };
}

function initialFlagsState(): SystemFlagsState {
  return { flags: defaultFlags(), status: 'idle', error: null };
}

function initialSession(): SessionState {
  return { adminAuth: null, studentAuth: null, systemFlags: initialFlagsState(), quiz: initialQuizState() };
}

/** What goes to storage: never a refresh token, and flags without their fetch status. */
export function persistedPart(state: SessionState): SessionState {
  return {
    adminAuth: state.adminAuth === null ? null : { ...state.adminAuth, refreshToken: null },
    studentAuth:
      state.studentAuth === null
        ? null
        : { ...state.studentAuth, token: { ...state.studentAuth.token, refreshToken: null } },
    systemFlags: { flags: state.systemFlags.flags, status: 'idle', error: null },
    quiz: state.quiz,
  };
}

function mergePersisted(persisted: unknown, current: SessionState): SessionState {
  if (typeof persisted !== 'object' || persisted === null) {
    return current;
  }
  const stored = persisted as Partial<SessionState>;
  const storedFlags = stored.systemFlags?.flags;
  return {
    adminAuth: stored.adminAuth ?? null,
    studentAuth: stored.studentAuth ?? null,
    systemFlags: {
      ...current.systemFlags,
      flags: storedFlags === undefined ? current.systemFlags.flags : normalizeFlags(storedFlags),
    },
    quiz: { ...initialQuizState(), ...stored.quiz },
  };
}

const browserStorage = () =>
  createSessionStorage({
    backend: window.localStorage,
    getKey: () => createIndexedDbKeyProvider(SESSION_STORAGE_KEY),
    // Undefined outside a secure context (a plain-http school install).
    subtle: globalThis.crypto?.subtle,
  });

export const useSessionStore = create<SessionState>()(
  persist(() => initialSession(), {
    name: SESSION_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage<SessionState>(browserStorage),
    partialize: persistedPart,
    merge: mergePersisted,
    // Hydration is started explicitly at boot, before anything writes to the store.
    skipHydration: true,
  }),
);

const set = useSessionStore.setState;

/** Only the known fields: a response may carry more than the session should keep. */
function sessionFields(fields: StudentSessionFields): StudentSessionFields {
  const { username, email, gradeTitle, gradeId, studentId, isAttemptEarned, isProfileCompleted } = fields;
  return {
    username,
    email,
    gradeTitle,
    gradeId,
    studentId,
    isAttemptEarned,
    isProfileCompleted,
    emailVerified: fields.emailVerified,
    ...(fields.language === undefined ? {} : { language: fields.language }),
  };
}

export const sessionActions = {
  setAdminAuth(auth: Omit<AdminAuthState, 'refreshToken'>): void {
    set({ adminAuth: { ...auth, refreshToken: null } });
  },
  updateAdminProfile({ permissions, role, isSuperAdmin, username, email }: AdminProfile): void {
    set((s) =>
      s.adminAuth === null
        ? {}
        : { adminAuth: { ...s.adminAuth, permissions, role, isSuperAdmin, username, email } },
    );
  },
  setAdminAccessToken(accessToken: string): void {
    set((s) => (s.adminAuth === null ? {} : { adminAuth: { ...s.adminAuth, accessToken } }));
  },
  clearAdminAuth(): void {
    set({ adminAuth: null });
  },
  setStudentAuth(auth: StudentAuthState): void {
    adoptAccountLanguage(auth.language);
    set({
      studentAuth: {
        ...sessionFields(auth),
        token: { accessToken: auth.token.accessToken, refreshToken: null },
      },
    });
  },
  /** Fresh fields from GET /student/me; the token stays as it is. */
  updateStudentSession(fields: StudentSessionFields): void {
    adoptAccountLanguage(fields.language);
    set((s) =>
      s.studentAuth === null ? {} : { studentAuth: { ...sessionFields(fields), token: s.studentAuth.token } },
    );
  },
  /** The language now saved on the account. */
  setStudentLanguage(language: Language): void {
    set((s) => (s.studentAuth === null ? {} : { studentAuth: { ...s.studentAuth, language } }));
  },
  setStudentAccessToken(accessToken: string): void {
    set((s) =>
      s.studentAuth === null
        ? {}
        : { studentAuth: { ...s.studentAuth, token: { accessToken, refreshToken: null } } },
    );
  },
  clearStudentAuth(): void {
    set({ studentAuth: null, quiz: initialQuizState() });
  },
  setFlagsLoading(): void {
    set((s) => ({ systemFlags: { ...s.systemFlags, status: 'loading', error: null } }));
  },
  setFlags(flags: SystemFlags): void {
    set({ systemFlags: { flags, status: 'ready', error: null } });
  },
  setFlagsError(error: string): void {
    set((s) => ({ systemFlags: { ...s.systemFlags, status: 'error', error } }));
  },
  setQuiz(quiz: Partial<QuizState>): void {
    set((s) => ({ quiz: { ...s.quiz, ...quiz } }));
  },
};
