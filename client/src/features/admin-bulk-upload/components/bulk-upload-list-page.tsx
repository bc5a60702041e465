import { useState } from 'react';
import { adminPagePath } from '../../../config/paths';
import { ListTable, useCan } from '../../../shared/admin-list';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { useBulkRuns } from '../api/use-bulk-upload';
import { plural, ResultButton, RunProgress, StatusBadge } from './bulk-parts';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './bulk-upload.css';
import { formatDateTime } from '../../../shared/format/date-time';

const when = (iso: string | null) => formatDateTime(iso);

/** Every bulk upload run with its status, counts and result file. */
export function BulkUploadListPage() {
  const can = useCan('bulkUpload');
  const [page, setPage] = useState(1);
  const runs = useBulkRuns(page);
  const canCreate = can?.('create') === true;
  const data = runs.data;

  return (
    <div className="stack">
      <PageHeading title="Students bulk upload">
        Register a school's students from a spreadsheet. Each run creates the accounts in the background and
        keeps a result file saying what happened to every row.
      </PageHeading>
      {canCreate ? (
        <div className="bu-actions">
          <ButtonLink to={adminPagePath('bulkUploadNew')} data-testid="bulk-new">
            New upload
          </ButtonLink>
        </div>
      ) : null}
      <Card className="stack" aria-label="Runs">
        {runs.isPending ? <LoadingBlock label="Loading the uploads…" /> : null}
        {runs.isError ? <Alert tone="error">Could not load the uploads.</Alert> : null}
        {data && data.data.length === 0 ? <p className="muted">No uploads yet.</p> : null}
        <ListTable
          rows={data?.data}
          busy={runs.isFetching}
          className="data-table stacked-table bu-table"
          testId="bulk-runs"
          columns={['File', 'Status', 'Created', 'Skipped', 'Invalid', 'By', 'When']}
          actions="Result"
        >
          {(run) => (
            <tr key={run.id} data-testid="bulk-run">
              <th scope="row" className="bu-table__file">
                {run.fileName}
                <span className="muted bu-table__rows">{plural(run.totalRows, 'row', 'rows')}</span>
              </th>
              <td data-label="Status">
                {run.status === 'RUNNING' || run.status === 'QUEUED' ? (
                  <span className="bu-status">
                    <StatusBadge status={run.status} />
                    <RunProgress progress={run.progress} label={`Progress of ${run.fileName}`} />
                  </span>
                ) : (
                  <StatusBadge status={run.status} />
                )}
              </td>
              <td data-label="Created" data-testid="bulk-run-created">
                {run.created}
              </td>
              <td data-label="Skipped" data-testid="bulk-run-skipped">
                {run.skipped}
              </td>
              <td data-label="Invalid" data-testid="bulk-run-invalid">
                {run.invalid}
              </td>
              <td data-label="By" data-testid="bulk-run-by">
                {run.requestedBy ?? '—'}
              </td>
              <td data-label="When" data-testid="bulk-run-when">
                <time dateTime={run.createdAt}>{when(run.createdAt)}</time>
              </td>
              <td data-label="Result">
                {run.status === 'SUCCEEDED' ? <ResultButton run={run} small /> : '—'}
              </td>
            </tr>
          )}
        </ListTable>
        {data && data.totalPages > 1 ? (
          <div className="bu-actions">
            <Button variant="secondary" small disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Newer
            </Button>
            <span className="muted">
              Page {data.currentPage} of {data.totalPages}
            </span>
            <Button
              variant="secondary"
              small
              disabled={page >= data.totalPages}
              onClick={() => setPage(page + 1)}
            >
              Older
            </Button>
          </div>
        ) : null}
      </Card>
    </div>
  );
}
