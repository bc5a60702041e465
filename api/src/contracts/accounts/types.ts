import type { Gender } from './schemas.js';

/** The language a student reads Riyazi in (interface, api messages, e-mails, Urdu questions). */
export type StudentLanguage = 'en' | 'ur';

/** Who is signed in, as both the session and the auth state of spec §3 name them. */
interface SignedInStudent {
  username: string;
  email: string;
  gradeTitle: string | null;
  gradeId: string | null;
  studentId: number;
  isAttemptEarned: boolean;
  isProfileCompleted: boolean;
}

/** Student auth state of spec §3. The refresh token lives only in an httpOnly cookie. */
export interface StudentAuthState extends SignedInStudent {
  token: { accessToken: string; refreshToken: null };
}

/** POST /api/student/login and GET /api/student/me (the latter without accessToken). */
export interface StudentSession extends SignedInStudent {
  accessToken: string;
  emailVerified: boolean;
  /** The language saved on the account (issue #16; absent from an api that does not send it yet). */
  language?: StudentLanguage;
}

export type VerificationStatus = 'NOT_SUBMITTED' | 'PENDING' | 'APPROVED' | 'REJECTED';

/** GET /api/student/profile: the signed-in student's own profile. */
export interface StudentProfile {
  _id: string;
  studentId: number;
  fullName: string;
  fatherName: string | null;
  email: string;
  pendingEmail: string | null;
  emailVerified: boolean;
  phone: string | null;
  gender: Gender | null;
  city: string | null;
  schoolName: string | null;
  grade: { _id: string; title: string } | null;
  referralSource: string | null;
  isProfileCompleted: boolean;
  verification: { status: VerificationStatus; reason: string | null; documentUploaded: boolean };
  contestAttempts: number;
  createdAt: string;
  /** The language saved on the account (issue #16). */
  language?: StudentLanguage;
}
