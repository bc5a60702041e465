import type { StudentExportJob } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { useExportList, useGradeTitles } from '../api/use-student-export';
import { downloadWithToast } from './download-export';
import { describeExportFilters } from './export-filters';
import '../../../shared/ui/stacked-table.css';
import { formatDateTime } from '../../../shared/format/date-time';

const when = (iso: string | null) => formatDateTime(iso);

function statusOf(job: StudentExportJob): string {
  if (job.status === 'RUNNING' || job.status === 'QUEUED') {
    return `${job.status === 'QUEUED' ? 'Queued' : 'Running'} (${job.progress}%)`;
  }
  if (job.status === 'SUCCEEDED' && !job.downloadable) {
    return 'Expired';
  }
  return job.status === 'SUCCEEDED' ? 'Ready' : job.status === 'FAILED' ? 'Failed' : 'Cancelled';
}

/** The admin's recent exports (a Super Admin sees everyone's), each downloadable for 24 hours. */
export function StudentExportsDialog({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState(1);
  const list = useExportList(page);
  const grades = useGradeTitles();
  const data = list.data;
  return (
    <Dialog title="Exports" onClose={onClose} wide data-testid="student-exports-dialog">
      {list.isPending && <p>Loading…</p>}
      {list.isError && <p role="alert">Could not load the exports.</p>}
      {data && data.data.length === 0 && <p>No exports yet.</p>}
      {data && data.data.length > 0 && (
        <table className="student-export__table stacked-table">
          <thead>
            <tr>
              <th scope="col">Created</th>
              <th scope="col">Requested by</th>
              <th scope="col">Filters</th>
              <th scope="col">Rows</th>
              <th scope="col">Status</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Download</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((job) => (
              <tr key={job._id}>
                <td data-label="Created">{when(job.createdAt)}</td>
                <td data-label="Requested by">{job.requestedBy?.username ?? '—'}</td>
                <td data-label="Filters" className="student-export__filters">
                  {describeExportFilters(job.filters, grades.data ?? null)}
                </td>
                <td data-label="Rows">{job.rows ?? job.totalRows ?? '—'}</td>
                <td data-label="Status">{statusOf(job)}</td>
                <td data-label="Expires">{when(job.expiresAt)}</td>
                <td className="row-actions">
                  {job.downloadable && (
                    <Button small variant="secondary" onClick={() => downloadWithToast(job)}>
                      Download
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data && data.totalPages > 1 && (
        <div className="student-export__pages">
          <Button small variant="ghost" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {data.currentPage} of {data.totalPages}
          </span>
          <Button small variant="ghost" disabled={page >= data.totalPages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </div>
      )}
    </Dialog>
  );
}
