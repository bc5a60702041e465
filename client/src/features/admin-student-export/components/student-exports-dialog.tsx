import type { StudentExportJob } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { useExportList } from '../api/use-student-export';
import { downloadWithToast } from './download-export';

const when = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Karachi' });

const describeFilters = (filters: Record<string, string>) =>
  Object.entries(filters)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ') || 'All students';

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
  const data = list.data;
  return (
    <Dialog title="Exports" onClose={onClose} wide data-testid="student-exports-dialog">
      {list.isPending && <p>Loading…</p>}
      {list.isError && <p role="alert">Could not load the exports.</p>}
      {data && data.data.length === 0 && <p>No exports yet.</p>}
      {data && data.data.length > 0 && (
        <table className="student-export__table">
          <thead>
            <tr>
              <th>Created</th>
              <th>Requested by</th>
              <th>Filters</th>
              <th>Rows</th>
              <th>Status</th>
              <th>Expires</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.data.map((job) => (
              <tr key={job._id}>
                <td>{when(job.createdAt)}</td>
                <td>{job.requestedBy?.username ?? '—'}</td>
                <td>{describeFilters(job.filters)}</td>
                <td>{job.rows ?? job.totalRows ?? '—'}</td>
                <td>{statusOf(job)}</td>
                <td>{when(job.expiresAt)}</td>
                <td>
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
