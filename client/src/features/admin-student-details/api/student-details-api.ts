import type { ListPage, ServedQuestion, StudentDocument, WrongAnswer } from '@riyazi/api/contracts';
import type { StudentProfile as OwnProfile, VerificationStatus } from '@riyazi/api/contracts/accounts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/* Shapes of api/src/modules/student-details/student-details.schemas.ts. */

export type QuizKind = 'CONTEST' | 'PRACTICE';
export type GrantSource = 'PAYMENT' | 'CODE' | 'ADMIN';

export type { StudentDocument };

/** The details the student's own profile has too, plus what only staff see. */
export interface StudentProfile
  extends Pick<
    OwnProfile,
    | '_id'
    | 'studentId'
    | 'fullName'
    | 'fatherName'
    | 'email'
    | 'pendingEmail'
    | 'phone'
    | 'gender'
    | 'city'
    | 'schoolName'
    | 'grade'
    | 'referralSource'
    | 'emailVerified'
    | 'createdAt'
  > {
  shortDescription: string | null;
  isActive: boolean;
  autoEmailVerified: boolean;
  registeredThroughBulk: boolean;
  isPaymentMade: boolean;
  codeEntered: boolean;
  termsAcceptedAt: string | null;
  updatedAt: string;
}

export interface AttemptGrant {
  _id: string;
  source: GrantSource;
  attempts: number;
  reason: string | null;
  createdAt: string;
  staffName: string | null;
  orderRef: string | null;
  codeBatch: string | null;
}

export interface StudentPayment {
  _id: string;
  orderRef: string;
  packageName: string;
  attempts: number;
  listPricePkr: number;
  discountPkr: number;
  amountPkr: number;
  promoCode: string | null;
  status: 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED' | 'CANCELLED' | 'REFUNDED';
  gateway: string;
  createdAt: string;
  paidAt: string | null;
}

export interface PlayCounts {
  total: number;
  finished: number;
  inProgress: number;
  cancelled: number;
}

export interface StudentRank {
  phaseId: string;
  phaseName: string;
  phaseNumber: number;
  grade: string;
  rank: number;
  score: number;
  totalTimeMs: number;
  playId: string;
}

export interface StudentDetail {
  profile: StudentProfile;
  verification: {
    status: VerificationStatus;
    reason: string | null;
    verifiedAt: string | null;
    verifiedBy: string | null;
    canOpenDocuments: boolean;
    documents: StudentDocument[];
  };
  attempts: { contestAttempts: number; grants: AttemptGrant[] };
  payments: StudentPayment[];
  plays: { contest: PlayCounts; practice: PlayCounts };
  ranks: StudentRank[];
}

export interface PlayRow {
  _id: string;
  kind: QuizKind;
  quizTitle: string;
  phase: { _id: string; name: string };
  status: 'IN_PROGRESS' | 'FINISHED' | 'CANCELLED';
  score: number;
  correctCount: number;
  questionCount: number;
  totalTimeMs: number;
  startedAt: string;
  finishedAt: string | null;
}

export type PlayPage = ListPage<PlayRow>;

export type QuestionOutcome = 'CORRECT' | 'WRONG' | 'NO_ANSWER' | 'PENDING' | 'NOT_YET';

export interface AttemptQuestion {
  index: number;
  question: ServedQuestion;
  selectedOptionIds: string[];
  answerText: string | null;
  outcome: QuestionOutcome;
  timeTakenMs: number | null;
  score: number | null;
  servedAt: string | null;
  answeredAt: string | null;
}

export interface AttemptDetail {
  play: PlayRow & { student: { _id: string; studentId: number; fullName: string } };
  questions: AttemptQuestion[];
}

export interface ResetLink {
  message: string;
  link: string;
  expiresAt: string;
}

export interface GrantInput {
  studentId: string;
  attempts: number;
  reason: string;
}

const root = [ADMIN_KEY_ROOT, 'student-details'] as const;

export const studentDetailKeys = {
  root,
  detail: (id: string) => [...root, 'detail', id] as const,
  plays: (id: string, type: QuizKind, page: number, limit: number) =>
    [...root, 'plays', id, type, page, limit] as const,
  attempt: (playId: string) => [...root, 'attempt', playId] as const,
  wrong: (playId: string) => [...root, 'attempt', playId, 'wrong'] as const,
  document: (id: string) => [...root, 'document', id] as const,
};

interface DataEnvelope<T> {
  data: T;
}

export async function fetchStudentDetail(id: string, signal?: AbortSignal): Promise<StudentDetail> {
  return (
    await adminHttp.get<DataEnvelope<StudentDetail>>('/student/detail/byAdmin', { query: { id }, signal })
  ).data;
}

export function fetchStudentPlays(
  query: { id: string; type: QuizKind; page: number; limit: number },
  signal?: AbortSignal,
): Promise<PlayPage> {
  return adminHttp.get<PlayPage>('/student/quizList', { query: { ...query }, signal });
}

export async function fetchAttemptDetail(playId: string, signal?: AbortSignal): Promise<AttemptDetail> {
  return (
    await adminHttp.get<DataEnvelope<AttemptDetail>>('/student/quizAttemptDetail', {
      query: { id: playId },
      signal,
    })
  ).data;
}

/** The play's wrong and unanswered questions (GET /play-quiz/wrong, staff with student:read). */
export async function fetchWrongAnswers(playId: string, signal?: AbortSignal): Promise<WrongAnswer[]> {
  return (
    await adminHttp.get<DataEnvelope<WrongAnswer[]>>('/play-quiz/wrong', { query: { id: playId }, signal })
  ).data;
}

export function grantAttempts(input: GrantInput): Promise<{ contestAttempts: number }> {
  return adminHttp.post<{ contestAttempts: number }>('/contestAttempts/create', input);
}

export function issueResetLink(input: { studentId: string; password: string }): Promise<ResetLink> {
  return adminHttp.post<ResetLink>('/student/get-password', input);
}

/** The file needs the bearer token (and studentVerification:read), so it cannot be a plain link. */
export function fetchDocumentFile(documentId: string, signal?: AbortSignal): Promise<Blob> {
  return adminHttp.request<Blob>('GET', '/studentVerification/document/', {
    query: { id: documentId },
    signal,
    responseType: 'blob',
  });
}
