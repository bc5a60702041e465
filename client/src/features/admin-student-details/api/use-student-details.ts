import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  fetchAttemptDetail,
  fetchDocumentFile,
  fetchStudentDetail,
  fetchStudentPlays,
  fetchWrongAnswers,
  type GrantInput,
  grantAttempts,
  issueResetLink,
  type QuizKind,
  studentDetailKeys,
} from './student-details-api';

export function useStudentDetail(id: string) {
  return useQuery({
    queryKey: studentDetailKeys.detail(id),
    queryFn: ({ signal }) => fetchStudentDetail(id, signal),
    // Attempts and payments change while support is on the phone with a parent.
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useStudentPlays(id: string, type: QuizKind, page: number, limit: number) {
  return useQuery({
    queryKey: studentDetailKeys.plays(id, type, page, limit),
    queryFn: ({ signal }) => fetchStudentPlays({ id, type, page, limit }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    meta: { silent: true },
  });
}

export function useAttemptDetail(playId: string) {
  return useQuery({
    queryKey: studentDetailKeys.attempt(playId),
    queryFn: ({ signal }) => fetchAttemptDetail(playId, signal),
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Fetched when the "wrong answers only" view is switched on. */
export function useWrongAnswers(playId: string, enabled: boolean) {
  return useQuery({
    queryKey: studentDetailKeys.wrong(playId),
    queryFn: ({ signal }) => fetchWrongAnswers(playId, signal),
    enabled,
    staleTime: 0,
    meta: { silent: true },
  });
}

/** Documents can be 5 MB: they leave the cache a minute after the page closes. */
export function useDocumentFile(documentId: string, enabled: boolean) {
  return useQuery({
    queryKey: studentDetailKeys.document(documentId),
    queryFn: ({ signal }) => fetchDocumentFile(documentId, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
    meta: { silent: true },
  });
}

export function useGrantAttempts(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Omit<GrantInput, 'studentId'>) => grantAttempts({ ...input, studentId }),
    meta: { silent: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentDetailKeys.detail(studentId) }),
  });
}

/** The link is shown once, in the dialog: it is never cached. */
export function useIssueResetLink(studentId: string) {
  return useMutation({
    mutationFn: (password: string) => issueResetLink({ studentId, password }),
    meta: { silent: true },
  });
}
