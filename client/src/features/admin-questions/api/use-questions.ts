import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import {
  type CategoryOption,
  deleteQuestion,
  fetchOptions,
  fetchQuestion,
  fetchQuestions,
  fetchServedQuestion,
  type GradeOption,
  type PhaseOption,
  type QuestionListQuery,
  questionKeys,
  saveQuestion,
  setQuestionStatus,
} from './questions-api';

export function useQuestionList(query: QuestionListQuery) {
  return useQuery({
    queryKey: questionKeys.list(query),
    queryFn: ({ signal }) => fetchQuestions(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuestion(id: string) {
  return useQuery({
    queryKey: questionKeys.detail(id),
    queryFn: ({ signal }) => fetchQuestion(id, signal),
    meta: { silent: true },
  });
}

/** The question as a student receives it, for the view page's preview. */
export function useServedQuestion(id: string) {
  return useQuery({
    queryKey: questionKeys.served(id),
    queryFn: ({ signal }) => fetchServedQuestion(id, signal),
    meta: { silent: true },
  });
}

/** Grades, phases, categories and (for one category) sub categories, for filters and labels. */
export function useQuestionOptions(categoryId: string) {
  const grades = useQuery({
    queryKey: questionKeys.options('grade'),
    queryFn: ({ signal }) => fetchOptions<GradeOption>('grade', '', signal),
  });
  const phases = useQuery({
    queryKey: questionKeys.options('phase'),
    queryFn: ({ signal }) => fetchOptions<PhaseOption>('phase', '', signal),
  });
  const categories = useQuery({
    queryKey: questionKeys.options('category'),
    queryFn: ({ signal }) => fetchOptions<CategoryOption>('category', '', signal),
  });
  const subCategories = useQuery({
    queryKey: questionKeys.options('subCategory', categoryId),
    queryFn: ({ signal }) => fetchOptions<CategoryOption>('subCategory', categoryId, signal),
    enabled: categoryId !== '',
  });
  return {
    grades: grades.data ?? [],
    phases: phases.data ?? [],
    categories: categories.data ?? [],
    subCategories: categoryId === '' ? [] : (subCategories.data ?? []),
  };
}

/** The active switch falls back to the error toast; delete errors are shown in their dialog. */
export function useQuestionMutations() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...questionKeys.root, 'list'] }),
      queryClient.invalidateQueries({ queryKey: [...questionKeys.root, 'detail'] }),
    ]);
  return {
    setStatus: useMutation({
      mutationKey: questionKeys.change('status'),
      mutationFn: setQuestionStatus,
      onSuccess: async (question) => {
        toast.success(`Question ${question.questionNo} is now ${question.status.toLowerCase()}`);
        await refresh();
      },
    }),
    remove: useMutation({
      mutationKey: questionKeys.change('delete'),
      mutationFn: deleteQuestion,
      meta: { silent: true },
      onSuccess: async () => {
        toast.success('Question deleted');
        await refresh();
      },
    }),
  };
}

/** Create or update; field problems are shown on the form, so the global toast stays quiet. */
export function useSaveQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...questionKeys.root, 'save'],
    mutationFn: saveQuestion,
    meta: { silent: true },
    onSuccess: async (question) => {
      queryClient.setQueryData(questionKeys.detail(question._id), question);
      await queryClient.invalidateQueries({ queryKey: questionKeys.served(question._id) });
      await queryClient.invalidateQueries({ queryKey: [...questionKeys.root, 'list'] });
    },
  });
}
