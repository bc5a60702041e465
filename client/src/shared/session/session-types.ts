import type { AdminAuthState, SystemFlags } from '@riyazi/api/contracts';

/**
 * Student auth state of spec §3, plus emailVerified for the dashboard guard. The refresh token is an
 * httpOnly cookie, so it is always null here. Mirrors the api's StudentSession, which the login page
 * maps onto it (so tsc notices when the two drift apart).
 */
export interface StudentAuthState {
  token: { accessToken: string; refreshToken: null };
  username: string;
  email: string;
  gradeTitle: string | null;
  gradeId: string | null;
  studentId: number;
  isAttemptEarned: boolean;
  isProfileCompleted: boolean;
  emailVerified: boolean;
}

/** GET /api/student/me: the stored fields without the token. */
export type StudentSessionFields = Omit<StudentAuthState, 'token'>;

export type FlagsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SystemFlagsState {
  flags: SystemFlags;
  status: FlagsStatus;
  error: string | null;
}

export interface QuizRef {
  _id: string;
  title: string;
}

export interface QuizState {
  practiceQuiz: QuizRef | null;
  contestQuiz: QuizRef | null;
  contestAttempts: number;
  isPaymentMade: boolean;
}

export interface SessionState {
  adminAuth: AdminAuthState | null;
  studentAuth: StudentAuthState | null;
  systemFlags: SystemFlagsState;
  quiz: QuizState;
}

export type Audience = 'admin' | 'student';
