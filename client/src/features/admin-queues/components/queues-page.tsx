import { hasPermission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { ListTable } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';
import { openQueueBoardSession, useQueueSummary } from '../api/queues-api';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './queues-page.css';

const COUNTS = [
  { key: 'waiting', label: 'Waiting' },
  { key: 'active', label: 'Running' },
  { key: 'delayed', label: 'Delayed' },
  { key: 'failed', label: 'Failed' },
] as const;

/**
 * The background queues at a glance (refreshed every 10 s), and the way into the queue board,
 * which opens in a new tab signed in with this staff session.
 */
export function QueuesPage() {
  const auth = useAdminAuth();
  const canChange =
    auth !== null &&
    hasPermission(auth.permissions, auth.isSuperAdmin, {
      module: 'queues',
      action: 'update',
    });
  const summary = useQueueSummary();
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const queues = summary.data?.data ?? [];
  const failed = queues.reduce((sum, q) => sum + q.failed, 0);

  const openBoard = async () => {
    setProblem(null);
    setOpening(true);
    // Opened now, while the click still counts as the user's, so no pop-up blocker stops it.
    const tab = window.open('', '_blank');
    try {
      const url = await openQueueBoardSession();
      if (tab === null) {
        window.location.assign(url);
        return;
      }
      tab.opener = null;
      tab.location.href = url;
    } catch (error) {
      tab?.close();
      setProblem(`The queue board could not be opened. ${describeError(error)}`);
    } finally {
      setOpening(false);
    }
  };

  return (
    <div className="stack">
      <PageHeading title="Job queues">
        Work the platform does in the background: scoring answers, ranking, e-mails, exports and bulk uploads.
        The counts refresh every 10 seconds.
      </PageHeading>
      {failed > 0 ? (
        <Alert tone="warning" data-testid="queues-failed-alert">
          {failed === 1 ? '1 job has failed' : `${failed} jobs have failed`}. Open the queue board to see why
          {canChange ? ' and retry it' : ''}.
        </Alert>
      ) : null}
      <Card className="stack" aria-label="Queues">
        <ListStatus
          query={summary}
          loading="Loading queues…"
          error="The queues could not be loaded."
          empty="No queues."
          emptyTestId="queues-empty"
        />
        <ListTable
          rows={queues}
          className="data-table stacked-table queues-table"
          testId="queues-table"
          columns={['Queue', ...COUNTS.map((c) => ({ label: c.label, className: 'queues-table__count' }))]}
          actions={null}
        >
          {(q) => (
            <tr key={q.name} data-testid="queue-row" data-queue={q.name}>
              <th scope="row" className="queues-table__name">
                <span>{q.name}</span>
                <span className="queues-table__about">{q.purpose}</span>
              </th>
              {COUNTS.map((c) => (
                <td
                  key={c.key}
                  data-label={c.label}
                  data-testid={`queue-${c.key}`}
                  className={
                    c.key === 'failed' && q.failed > 0
                      ? 'queues-table__count queues-table__count--bad'
                      : 'queues-table__count'
                  }
                >
                  {q[c.key]}
                </td>
              ))}
            </tr>
          )}
        </ListTable>
      </Card>
      <Card className="stack" aria-labelledby="queue-board-heading">
        <h2 id="queue-board-heading">Queue board</h2>
        <p>
          {canChange
            ? 'Look at each job, why it failed, and retry, promote or remove it. Every change is recorded in the audit log.'
            : 'Look at each job and why it failed. Retrying or removing jobs needs the queues update permission.'}
        </p>
        {problem !== null ? (
          <Alert tone="error" data-testid="queue-board-error">
            {problem}
          </Alert>
        ) : null}
        <div>
          <Button onClick={() => void openBoard()} disabled={opening} data-testid="queue-board-open">
            {opening ? 'Opening…' : 'Open the queue board'}
          </Button>
        </div>
      </Card>
    </div>
  );
}
