import type {
  SortDir,
  StudentFilterValues,
  StudentListPage,
  StudentListRow,
  StudentSort,
} from '@riyazi/api/contracts';
import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

export type { StudentListPage, StudentListRow };

export interface StudentListQuery {
  page: number;
  limit: number;
  sort: StudentSort;
  dir: SortDir;
  filters: StudentFilterValues;
}

export interface NewStudentInput {
  fullName: string;
  email: string;
  password: string;
  isActive: boolean;
}

/** The edit form; an empty password keeps the current one. */
export type StudentChanges = Partial<NewStudentInput>;

interface SavedStudent {
  message: string;
  data: StudentListRow;
}

export interface DeletedStudent {
  message: string;
  anonymised: boolean;
}

const root = [ADMIN_KEY_ROOT, 'students'] as const;

export const studentKeys = {
  root,
  lists: [...root, 'list'] as const,
  list: (query: StudentListQuery) => [...root, 'list', query] as const,
  change: (what: 'create' | 'update' | 'status' | 'delete') => [...root, what] as const,
};

export function fetchStudents({ page, limit, sort, dir, filters }: StudentListQuery, signal?: AbortSignal) {
  return adminHttp.get<StudentListPage>('/student/detail/', {
    query: { page, limit, sort, dir, ...filters },
    signal,
  });
}

export async function createStudent(input: NewStudentInput): Promise<StudentListRow> {
  return (await adminHttp.post<SavedStudent>('/student/create/', input)).data;
}

export async function updateStudent({ id, changes }: { id: string; changes: StudentChanges }) {
  return (await adminHttp.post<SavedStudent>('/student/update/ById/', changes, { query: { id } })).data;
}

/** The status switch: spec §7 sends isActive as the string 'true' or 'false'. */
export async function setStudentStatus({ id, isActive }: { id: string; isActive: boolean }) {
  const body = { isActive: isActive ? 'true' : 'false' };
  return (await adminHttp.post<SavedStudent>('/student/update/ById/', body, { query: { id } })).data;
}

export function deleteStudent(id: string): Promise<DeletedStudent> {
  return adminHttp.delete<DeletedStudent>('/student/delete/', { query: { id } });
}
