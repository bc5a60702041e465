import type { DocumentKind, StudentDocument } from '@riyazi/api/contracts';
import type { ProfileUpdateInput, SignupData, StudentProfile } from '@riyazi/api/contracts/accounts';
import { publicHttp, studentHttp } from '../../../shared/http/clients';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';

export interface GradeOption {
  _id: string;
  title: string;
}

export interface SignupAnswer {
  message: string;
  emailVerificationRequired: boolean;
}

export const accountKeys = {
  gradeOptions: ['grades', 'options'] as const,
  signupConfig: ['signup-config'] as const,
  profile: [STUDENT_KEY_ROOT, 'profile'] as const,
};

export async function fetchGradeOptions(signal?: AbortSignal): Promise<GradeOption[]> {
  return (await publicHttp.get<{ data: GradeOption[] }>('/grades/options', { signal })).data;
}

export function fetchSignupConfig(signal?: AbortSignal): Promise<{ recaptchaSiteKey: string | null }> {
  return publicHttp.get('/student/signup/config', { signal });
}

export function signupStudent(input: SignupData & { recaptchaToken?: string }): Promise<SignupAnswer> {
  return publicHttp.post<SignupAnswer>('/student/signup', input);
}

export async function fetchProfile(signal?: AbortSignal): Promise<StudentProfile> {
  return (await studentHttp.get<{ data: StudentProfile }>('/student/profile', { signal })).data;
}

export function updateProfile(input: ProfileUpdateInput): Promise<{ message: string; data: StudentProfile }> {
  return studentHttp.post('/student/profile', input);
}

export type { DocumentKind, StudentDocument };

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_DOCUMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

export async function uploadDocument(kind: DocumentKind, file: File): Promise<StudentDocument> {
  const form = new FormData();
  // The api reads the kind before the file.
  form.append('kind', kind);
  form.append('file', file);
  return (await studentHttp.post<{ data: StudentDocument }>('/student/documents', form)).data;
}
