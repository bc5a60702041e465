import type { AdminAuthState, SystemFlags } from '@riyazi/api/contracts';

/** Student auth state of spec §3. The refresh token is an httpOnly cookie, so it is always null here. */
export interface StudentAuthState {
  token: { accessToken: string; refreshToken: null };
  username: string;
  email: string;
  gradeTitle: string;
  gradeId: string;
  studentId: string;
  isAttemptEarned: boolean;
  isProfileCompleted: boolean;
}

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
