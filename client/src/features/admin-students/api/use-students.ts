import { STUDENT_MESSAGES } from '@riyazi/api/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-hot-toast';
import {
  createStudent,
  deleteStudent,
  fetchStudents,
  type StudentListPage,
  type StudentListQuery,
  type StudentListRow,
  setStudentStatus,
  studentKeys,
  updateStudent,
} from './students-api';

export function useStudentList(query: StudentListQuery) {
  return useQuery({
    queryKey: studentKeys.list(query),
    queryFn: ({ signal }) => fetchStudents(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** Failures fall through to the admin error toast (server message, or 'An error occurred'). */
export function useStudentMutations() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: studentKeys.lists });
  /** The row changes in every cached page at once (spec §4: the list updates locally). */
  const replaceRow = (row: StudentListRow) =>
    queryClient.setQueriesData<StudentListPage>({ queryKey: studentKeys.lists }, (page) =>
      page === undefined
        ? page
        : { ...page, data: page.data.map((s) => (s._id === row._id ? { ...s, ...row } : s)) },
    );
  return {
    create: useMutation({
      mutationKey: studentKeys.change('create'),
      mutationFn: createStudent,
      onSuccess: async () => {
        toast.success(STUDENT_MESSAGES.added);
        await refresh();
      },
    }),
    update: useMutation({
      mutationKey: studentKeys.change('update'),
      mutationFn: updateStudent,
      onSuccess: async (row) => {
        toast.success(STUDENT_MESSAGES.updated);
        replaceRow(row);
        await refresh();
      },
    }),
    setStatus: useMutation({
      mutationKey: studentKeys.change('status'),
      mutationFn: setStudentStatus,
      onSuccess: (row) => {
        toast.success(STUDENT_MESSAGES.statusUpdated);
        replaceRow(row);
      },
    }),
    /** A student just promoted: their row shows Winner at once, then the list is read again. */
    markWinner: async (id: string) => {
      queryClient.setQueriesData<StudentListPage>({ queryKey: studentKeys.lists }, (page) =>
        page === undefined ? page : { ...page, phaseWinnerIds: [...page.phaseWinnerIds, id] },
      );
      await refresh();
    },
    remove: useMutation({
      mutationKey: studentKeys.change('delete'),
      mutationFn: deleteStudent,
      onSuccess: async (result) => {
        toast.success(result.anonymised ? result.message : STUDENT_MESSAGES.deleted);
        await refresh();
      },
    }),
  };
}
