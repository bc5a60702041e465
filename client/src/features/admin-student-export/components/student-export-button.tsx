import { STUDENT_EXPORT_MESSAGES } from '@riyazi/api/contracts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-hot-toast';
import { HttpError } from '../../../shared/http/http-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { Button } from '../../../shared/ui/button';
import { startStudentExport } from '../api/student-export-api';
import { useExportJob } from '../api/use-student-export';
import { downloadWithToast, EXPORT_TOAST_ID } from './download-export';
import { StudentExportsDialog } from './student-exports-dialog';
import './student-export.css';

/**
 * The students list's CSV export: starts a background export of the current filters, shows its
 * progress as the worker pushes it, and offers the file when it is written.
 */
export function StudentExportButton({ filters }: { filters: Record<string, string> }) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [showExports, setShowExports] = useState(false);
  const job = useExportJob(jobId);
  const start = useMutation({
    mutationFn: () => startStudentExport(filters),
    onMutate: () => {
      toast.loading(STUDENT_EXPORT_MESSAGES.started, { id: EXPORT_TOAST_ID });
    },
    onSuccess: ({ jobId: id }) => setJobId(id),
    onError: (err) => {
      // 429 says why (three exports already running); anything else is the spec's message.
      const message =
        err instanceof HttpError && err.status === 429 ? err.message : STUDENT_EXPORT_MESSAGES.failed;
      toast.error(message, { id: EXPORT_TOAST_ID });
    },
    meta: { silent: true },
  });

  const status = job?.status;
  useEffect(() => {
    if (!job || job._id !== jobId) {
      return;
    }
    if (status === 'SUCCEEDED') {
      toast.success(
        () => (
          <span className="student-export__toast">
            {STUDENT_EXPORT_MESSAGES.succeeded}
            <Button
              small
              variant="secondary"
              onClick={() => downloadWithToast(job)}
              data-testid="student-export-download"
            >
              Download
            </Button>
          </span>
        ),
        { id: EXPORT_TOAST_ID, duration: 15_000 },
      );
      setJobId(null);
    } else if (status === 'FAILED' || status === 'CANCELLED') {
      toast.error(STUDENT_EXPORT_MESSAGES.failed, { id: EXPORT_TOAST_ID });
      setJobId(null);
    }
  }, [job, jobId, status]);

  const running = jobId !== null || start.isPending;
  return (
    <div className="student-export">
      <Button
        variant="secondary"
        small
        onClick={() => start.mutate()}
        disabled={running}
        data-testid="student-export"
      >
        Export CSV
      </Button>
      <Button variant="ghost" small onClick={() => setShowExports(true)} data-testid="student-exports-open">
        Exports
      </Button>
      {running && (
        <JobProgressBar
          progress={job?._id === jobId ? job.progress : 0}
          label="Export progress"
          testId="student-export-progress"
        />
      )}
      {showExports && <StudentExportsDialog onClose={() => setShowExports(false)} />}
    </div>
  );
}
