import type { StudentExportJob, StudentExportPage, StudentExportStarted } from '@riyazi/api/contracts';
import { saveBlob } from '../../../shared/files/save-blob';
import { PAKISTAN_TIME_ZONE } from '../../../shared/format/date-time';
import { adminHttp, publicHttp } from '../../../shared/http/clients';
import { withoutEmpty } from '../../../shared/query/list-params';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

const root = [ADMIN_KEY_ROOT, 'student-exports'] as const;
export const studentExportKeys = {
  root,
  lists: [...root, 'list'] as const,
  list: (page: number) => [...root, 'list', page] as const,
  job: (id: string) => [...root, 'job', id] as const,
  grades: [...root, 'grades'] as const,
};

/** Starts the export of the students the list filters select; the file is written in the background. */
export function startStudentExport(filters: Record<string, string>) {
  return adminHttp.get<StudentExportStarted>('/student/downloadStudentCSV', { query: withoutEmpty(filters) });
}

export function fetchExportJob(id: string, signal?: AbortSignal) {
  return adminHttp.get<StudentExportJob>('/admin/exports/status/', { query: { id }, signal });
}

export function fetchExports(page: number, signal?: AbortSignal) {
  return adminHttp.get<StudentExportPage>('/admin/exports/', { query: { page, limit: 10 }, signal });
}

/** The offered grades, to name a grade filter by its title. */
export async function fetchGradeTitles(signal?: AbortSignal): Promise<Map<string, string>> {
  const grades = await publicHttp.get<{ data: { _id: string; title: string }[] }>('/grades/options', {
    signal,
  });
  return new Map(grades.data.map((g) => [g._id, g.title]));
}

const pakistanDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: PAKISTAN_TIME_ZONE }).format(new Date(iso));

/** Fetches the file with the bearer token (the route is not public) and hands it to the browser. */
export async function downloadExport(job: Pick<StudentExportJob, '_id' | 'createdAt'>): Promise<void> {
  const blob = await adminHttp.request<Blob>('GET', '/admin/exports/download/', {
    query: { id: job._id },
    responseType: 'blob',
  });
  saveBlob(blob, `students-${pakistanDay(job.createdAt)}.csv`);
}
