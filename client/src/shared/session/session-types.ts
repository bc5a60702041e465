import type { AdminAuthState, SystemFlags } from '@riyazi/api/contracts';
import type {
  StudentAuthState as ContractStudentAuthState,
  StudentLanguage,
} from '@riyazi/api/contracts/accounts';

/**
 * Student auth state of spec §3, plus emailVerified for the dashboard guard and the language saved
 * on the account (type-only: no zod).
 */
export type StudentAuthState = ContractStudentAuthState & {
  emailVerified: boolean;
  language?: StudentLanguage;
};

/** GET /api/student/me: the stored fields without the token. */
export type StudentSessionFields = Omit<StudentAuthState, 'token'>;

export type FlagsStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface SystemFlagsState {
  flags: SystemFlags;
  status: FlagsStatus;
  error: string | null;
}

/** The play a student is in (spec §3 quiz state): `_id` is the play id; enough to resume it after a reload. */
export interface QuizRef {
  _id: string;
  title: string;
  quizId: string;
  /** The play's question ids in the order they are served (qno indexes this list). */
  questionIds: string[];
  secondsPerQuestion: number;
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
