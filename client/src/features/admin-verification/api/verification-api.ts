import type { DocumentKind, StudentDocument } from '@riyazi/api/contracts';
import type { VerificationStatus } from '@riyazi/api/contracts/accounts';
import { adminHttp, publicHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { DocumentKind, StudentDocument, VerificationStatus };

export interface VerificationRow {
  _id: string;
  studentId: number;
  fullName: string;
  email: string;
  schoolName: string | null;
  city: string | null;
  grade: string | null;
  status: VerificationStatus;
  reason: string | null;
  submittedAt: string | null;
}

export interface VerificationPage {
  data: VerificationRow[];
  totalStudents: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
}

export interface VerificationDetail {
  _id: string;
  studentId: number;
  fullName: string;
  fatherName: string | null;
  email: string;
  phone: string | null;
  schoolName: string | null;
  city: string | null;
  grade: string | null;
  status: VerificationStatus;
  reason: string | null;
  verifiedAt: string | null;
  verifiedBy: string | null;
  emailVerified: boolean;
  autoEmailVerified: boolean;
  documents: StudentDocument[];
}

/** GET /studentVerification/detail/ list parameters; empty strings are left out of the call. */
export interface VerificationListQuery {
  page: number;
  limit: number;
  status: VerificationStatus | '';
  search: string;
  gradeId: string;
}

export interface Decision {
  status: 'APPROVED' | 'REJECTED';
  reason?: string;
}

export interface GradeOption {
  _id: string;
  title: string;
}

interface DataEnvelope<T> {
  data: T;
}

interface Changed {
  message: string;
  data: VerificationDetail;
}

const root = [ADMIN_KEY_ROOT, 'verification'] as const;

export const verificationKeys = {
  root,
  lists: [...root, 'list'] as const,
  list: (query: VerificationListQuery) => [...root, 'list', query] as const,
  detail: (id: string) => [...root, 'detail', id] as const,
  document: (id: string) => [...root, 'document', id] as const,
  grades: [...root, 'grades'] as const,
  decide: [...root, 'decide'] as const,
  add: [...root, 'add'] as const,
  download: [...root, 'download'] as const,
};

export function fetchVerificationPage(query: VerificationListQuery, signal?: AbortSignal) {
  return adminHttp.get<VerificationPage>('/studentVerification/detail/', { query: { ...query }, signal });
}

export async function fetchVerification(id: string, signal?: AbortSignal): Promise<VerificationDetail> {
  return (
    await adminHttp.get<DataEnvelope<VerificationDetail>>('/studentVerification/detail/', {
      query: { id },
      signal,
    })
  ).data;
}

/** The file needs the bearer token, so it cannot be a plain <img src>. */
export function fetchDocumentFile(documentId: string, signal?: AbortSignal): Promise<Blob> {
  return adminHttp.request<Blob>('GET', '/studentVerification/document/', {
    query: { id: documentId },
    signal,
    responseType: 'blob',
  });
}

export function decideVerification({ id, decision }: { id: string; decision: Decision }): Promise<Changed> {
  return adminHttp.post<Changed>('/studentVerification/update/', decision, { query: { id } });
}

export function addToVerificationList(id: string): Promise<Changed> {
  return adminHttp.post<Changed>('/studentVerification/add/', undefined, { query: { id } });
}

export function verifyEmailOnBehalf(id: string): Promise<Changed> {
  return adminHttp.post<Changed>('/studentVerification/verifyEmail/', undefined, { query: { id } });
}

export async function fetchGradeOptions(signal?: AbortSignal): Promise<GradeOption[]> {
  return (await publicHttp.get<DataEnvelope<GradeOption[]>>('/grades/options', { signal })).data;
}
