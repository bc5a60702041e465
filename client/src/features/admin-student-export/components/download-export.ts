import { STUDENT_EXPORT_MESSAGES, type StudentExportJob } from '@riyazi/api/contracts';
import { toast } from 'react-hot-toast';
import { HttpError } from '../../../shared/http/http-error';
import { downloadExport } from '../api/student-export-api';

export const EXPORT_TOAST_ID = 'student-export';

/** Downloads a finished export; an expired one (410) says so in the toast. */
export function downloadWithToast(job: Pick<StudentExportJob, '_id' | 'createdAt'>): void {
  downloadExport(job).catch((err: unknown) => {
    toast.error(err instanceof HttpError ? err.message : STUDENT_EXPORT_MESSAGES.failed, {
      id: EXPORT_TOAST_ID,
    });
  });
}
