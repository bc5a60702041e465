import { visibleAdminMenu } from '../../../config/admin-menu';
import { formatClock } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { LIVE_REFRESH_MS, useDashboard } from '../api/dashboard-api';
import {
  ContestTile,
  FailedPaymentsTile,
  PaymentsTile,
  QueuesTile,
  StudentsTile,
  VerificationTile,
} from './dashboard-tiles';
import '../../../shared/ui/data-table.css';
import './admin-dashboard.css';

/** Where staff land after signing in: today's figures, each tile only for those allowed to read it. */
export function AdminDashboardPage() {
  const auth = useAdminAuth();
  const dashboard = useDashboard();
  const data = dashboard.data;
  const canOpenPages = auth !== null && visibleAdminMenu(auth).length > 0;

  return (
    <div className="stack">
      <PageHeading title="Dashboard">Today at a glance (Pakistan time).</PageHeading>
      {data ? (
        <div className="dash-status">
          <span data-testid="dash-updated" aria-live="polite">
            Updated {formatClock(data.generatedAt)}
          </span>
          <span className="muted">
            {data.contestRunning
              ? `Children are playing the contest: figures refresh every ${LIVE_REFRESH_MS / 1000} seconds.`
              : 'Nobody is playing the contest now.'}
          </span>
          {/* One label: the live refresh every 10 s would otherwise make the button flicker. */}
          <Button variant="secondary" small onClick={() => void dashboard.refetch()}>
            Refresh
          </Button>
        </div>
      ) : null}
      {dashboard.isPending ? <LoadingBlock label="Loading the dashboard…" /> : null}
      {dashboard.isError ? (
        <Alert tone="error" data-testid="dash-error">
          {data
            ? 'The figures could not be refreshed; these are from the time shown above. '
            : 'The dashboard could not be loaded. '}
          {describeError(dashboard.error)}{' '}
          <Button variant="secondary" small onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data ? <Tiles data={data} canOpenPages={canOpenPages} /> : null}
    </div>
  );
}

function Tiles({
  data,
  canOpenPages,
}: {
  data: NonNullable<ReturnType<typeof useDashboard>['data']>;
  canOpenPages: boolean;
}) {
  const { students, verification, payments, failedPayments, contest, queues } = data;
  const none = [students, verification, payments, failedPayments, contest, queues].every(
    (t) => t === undefined,
  );
  if (none) {
    return (
      <Alert tone="info" data-testid="dash-empty">
        {canOpenPages
          ? 'Your role shows no dashboard figures. The menu has the pages you may open.'
          : 'Your account cannot open any back-office page yet. Please ask a Super Admin.'}
      </Alert>
    );
  }
  return (
    <div className="dash-grid">
      {contest ? <ContestTile contest={contest} running={data.contestRunning} /> : null}
      {students ? <StudentsTile students={students} /> : null}
      {verification ? <VerificationTile verification={verification} /> : null}
      {payments ? <PaymentsTile payments={payments} today={data.today} /> : null}
      {failedPayments ? <FailedPaymentsTile failed={failedPayments} today={data.today} /> : null}
      {queues ? <QueuesTile queues={queues} /> : null}
    </div>
  );
}
