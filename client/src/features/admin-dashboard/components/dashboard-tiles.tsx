import { CONTEST_STAGE_LABELS, type Dashboard, type DashboardPhase } from '@riyazi/api/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { formatDateTime } from '../../../shared/format/date-time';
import { formatRupees } from '../../../shared/format/money';
import { Card } from '../../../shared/ui/surface';

const count = new Intl.NumberFormat('en-PK');
const n = (value: number) => count.format(value);
/** 'PKR 1,500' kept on one line while it fits. */
const money = (amount: number) => formatRupees(amount).replace(' ', '\u00a0');
const payments = (value: number) => (value === 1 ? '1 payment' : `${n(value)} payments`);

function Tile({
  id,
  title,
  children,
  link,
  wide = false,
}: {
  id: string;
  title: string;
  children: ReactNode;
  link?: ReactNode;
  wide?: boolean;
}) {
  return (
    <Card
      className={wide ? 'dash-tile dash-tile--wide' : 'dash-tile'}
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <h2 id={`${id}-title`} className="dash-tile__title">
        {title}
      </h2>
      {children}
      {link ? <p className="dash-tile__link">{link}</p> : null}
    </Card>
  );
}

function Figures({ children, money = false }: { children: ReactNode; money?: boolean }) {
  return <dl className={money ? 'dash-figures dash-figures--money' : 'dash-figures'}>{children}</dl>;
}

function Figure({
  label,
  value,
  testId,
  note,
}: {
  label: string;
  value: string;
  testId: string;
  note?: string;
}) {
  return (
    <div className="dash-figure">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      {note ? <dd className="dash-figure__note">{note}</dd> : null}
    </div>
  );
}

type Tiles = Required<Omit<Dashboard, 'generatedAt' | 'today' | 'contestRunning'>>;

export function StudentsTile({ students }: { students: Tiles['students'] }) {
  return (
    <Tile
      id="dash-students"
      title="Students"
      link={<Link to={adminPagePath('students')}>Open the student list</Link>}
    >
      <Figures>
        <Figure label="New today" value={n(students.newToday)} testId="dash-students-new-today" />
        <Figure label="Verified" value={n(students.verified)} testId="dash-students-verified" />
        <Figure label="All students" value={n(students.total)} testId="dash-students-total" />
      </Figures>
    </Tile>
  );
}

export function VerificationTile({ verification }: { verification: Tiles['verification'] }) {
  return (
    <Tile
      id="dash-verification"
      title="Verification"
      link={
        <Link to={`${adminPagePath('studentVerification')}?status=PENDING`}>
          Review pending verifications
        </Link>
      }
    >
      <Figures>
        <Figure
          label="Waiting for a decision"
          value={n(verification.pending)}
          testId="dash-verification-pending"
        />
      </Figures>
    </Tile>
  );
}

export function PaymentsTile({ payments: paid, today }: { payments: Tiles['payments']; today: string }) {
  return (
    <Tile
      id="dash-payments"
      title="Payments received"
      link={<Link to={`${adminPagePath('reportPayments')}?from=${today}&to=${today}`}>Today’s payments</Link>}
    >
      <Figures money>
        <Figure
          label="Today"
          value={money(paid.today.amount)}
          note={payments(paid.today.count)}
          testId="dash-payments-today"
        />
        <Figure
          label="This phase"
          value={paid.phase ? money(paid.phase.amount) : '—'}
          note={paid.phase ? payments(paid.phase.count) : 'No contest phase'}
          testId="dash-payments-phase"
        />
      </Figures>
    </Tile>
  );
}

export function FailedPaymentsTile({ failed, today }: { failed: Tiles['failedPayments']; today: string }) {
  return (
    <Tile
      id="dash-failed-payments"
      title="Payment problems"
      link={
        <Link to={`${adminPagePath('reportPaymentFailures')}?from=${today}&to=${today}`}>
          Today’s failed payments
        </Link>
      }
    >
      <Figures>
        <Figure label="Failed today" value={n(failed.today)} testId="dash-failed-today" />
      </Figures>
    </Tile>
  );
}

export function QueuesTile({ queues }: { queues: Tiles['queues'] }) {
  return (
    <Tile
      id="dash-queues"
      title="Background jobs"
      link={<Link to={adminPagePath('queues')}>See every queue</Link>}
    >
      <Figures>
        <Figure label="Waiting" value={n(queues.waiting)} testId="dash-queues-waiting" />
        <Figure label="Running" value={n(queues.active)} testId="dash-queues-active" />
        <Figure label="Delayed" value={n(queues.delayed)} testId="dash-queues-delayed" />
        <Figure label="Failed" value={n(queues.failed)} testId="dash-queues-failed" />
      </Figures>
    </Tile>
  );
}

/** What the contest phase's stage means for the day: its dates, when plays end, when results open. */
function stageLine(phase: DashboardPhase): string {
  const { contest } = phase;
  switch (contest.stage) {
    case 'SCHEDULED':
    case 'OPEN':
      return `${formatDateTime(phase.startsAt)} to ${formatDateTime(contest.startsStopAt)}`;
    case 'CLOSING':
      return `Ended ${formatDateTime(contest.startsStopAt)}: no new starts, plays in progress finish by ${formatDateTime(contest.playsEndBy)}.`;
    case 'CLOSED':
      return contest.resultsReleaseAt === null
        ? `Ended ${formatDateTime(contest.startsStopAt)}. Results withheld until released on the Phases page.`
        : `Ended ${formatDateTime(contest.startsStopAt)}. Results open ${formatDateTime(contest.resultsReleaseAt)}.`;
    case 'RELEASED':
      return `Ended ${formatDateTime(contest.startsStopAt)}. Results released ${formatDateTime(contest.resultsReleaseAt)}.`;
  }
}

export function ContestTile({ contest, running }: { contest: Tiles['contest']; running: boolean }) {
  const { phase, grades } = contest;
  const total = (key: 'running' | 'finished') => grades.reduce((sum, g) => sum + g[key], 0);
  return (
    <Tile id="dash-contest" title="Contest" wide>
      {phase === null ? (
        <p className="muted">No contest phase is set or open now.</p>
      ) : (
        <>
          <p className="dash-phase">
            <strong data-testid="dash-contest-phase">{phase.name}</strong>{' '}
            <span
              className={running ? 'dash-badge dash-badge--live' : 'dash-badge'}
              data-testid="dash-contest-stage"
            >
              {CONTEST_STAGE_LABELS[phase.contest.stage]}
            </span>
            <br />
            <span className="muted">{stageLine(phase)}</span>
          </p>
          <table className="data-table data-table--compact dash-plays" data-testid="dash-plays">
            <caption className="visually-hidden">Contest plays per grade</caption>
            <thead>
              <tr>
                <th scope="col">Grade</th>
                <th scope="col" className="dash-num">
                  Playing now
                </th>
                <th scope="col" className="dash-num">
                  Finished
                </th>
              </tr>
            </thead>
            <tbody>
              {grades.map((g) => (
                <tr key={g.gradeId}>
                  <th scope="row">{g.grade}</th>
                  <td className="dash-num">{n(g.running)}</td>
                  <td className="dash-num">{n(g.finished)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All grades</th>
                <td className="dash-num" data-testid="dash-plays-running">
                  {n(total('running'))}
                </td>
                <td className="dash-num" data-testid="dash-plays-finished">
                  {n(total('finished'))}
                </td>
              </tr>
            </tfoot>
          </table>
        </>
      )}
    </Tile>
  );
}
