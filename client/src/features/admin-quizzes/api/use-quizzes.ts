import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import {
  checkPool,
  deleteQuiz,
  fetchBankQuestions,
  fetchQuiz,
  fetchQuizOptions,
  fetchQuizzes,
  type PoolCheckBody,
  type QuizListQuery,
  quizKeys,
  saveQuiz,
  setQuizStatus,
} from './quizzes-api';

export function useQuizList(query: QuizListQuery) {
  return useQuery({
    queryKey: quizKeys.list(query),
    queryFn: ({ signal }) => fetchQuizzes(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuiz(id: string) {
  return useQuery({
    queryKey: quizKeys.detail(id),
    queryFn: ({ signal }) => fetchQuiz(id, signal),
    meta: { silent: true },
  });
}

/** Grades, phases and categories (with sub categories) in one call the quiz permission opens. */
export function useQuizOptions() {
  return useQuery({
    queryKey: quizKeys.options(),
    queryFn: ({ signal }) => fetchQuizOptions(signal),
    staleTime: 60_000,
  });
}

/** The live sufficiency report of the form's pool; null body means "not enough filled in to ask". */
export function usePoolCheck(body: PoolCheckBody | null) {
  return useQuery({
    queryKey: quizKeys.poolCheck(body ?? ({} as PoolCheckBody)),
    queryFn: ({ signal }) => checkPool(body!, signal),
    enabled: body !== null,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}

export function useBankQuestions(
  query: { search: string; gradeId: string; phaseId: string; page: number },
  enabled: boolean,
) {
  return useQuery({
    queryKey: quizKeys.bank(query),
    queryFn: ({ signal }) => fetchBankQuestions(query, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { silent: true },
    retry: false,
  });
}

export function useSaveQuiz() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: quizKeys.change('save'),
    mutationFn: saveQuiz,
    meta: { silent: true },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: quizKeys.root });
    },
  });
}

/** The active switch falls back to the error toast; delete errors are shown in their dialog. */
export function useQuizMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...quizKeys.root, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...quizKeys.root, 'detail'] }),
    ]);
  return {
    setStatus: useMutation({
      mutationKey: quizKeys.change('status'),
      mutationFn: setQuizStatus,
      onSuccess: async (quiz) => {
        toast.success(`${quiz.title} is now ${quiz.status.toLowerCase()}`);
        await refresh();
      },
    }),
    remove: useMutation({
      mutationKey: quizKeys.change('delete'),
      mutationFn: deleteQuiz,
      meta: { silent: true },
      onSuccess: async () => {
        toast.success('Quiz deleted');
        await refresh();
      },
    }),
  };
}
