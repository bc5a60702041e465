import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { Card } from '../../../shared/ui/surface';
import type { StudentDetail, StudentPayment } from '../api/student-details-api';
import { formatDateTime, formatDuration, formatPkr, formatScore } from './student-format';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/ui/facts.css';

export function PaymentsCard({ payments }: { payments: StudentPayment[] }) {
  return (
    <Card className="sd-layout__payments stack" aria-labelledby="sd-payments-title">
      <h2 id="sd-payments-title" className="card__title">
        Payments
      </h2>
      {payments.length === 0 ? (
        <p className="muted" data-testid="student-payments-empty">
          No payments.
        </p>
      ) : (
        <table className="data-table data-table--compact stacked-table" data-testid="student-payments">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Package</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Gateway</th>
              <th scope="col">Date</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((p) => (
              <tr key={p._id}>
                <td data-label="Order">{p.orderRef}</td>
                <td data-label="Package">
                  {p.packageName} <span className="muted">({p.attempts})</span>
                </td>
                <td data-label="Amount">
                  {formatPkr(p.amountPkr)}
                  {p.promoCode ? <span className="muted"> · {p.promoCode}</span> : null}
                </td>
                <td data-label="Status">
                  <span className={`sd-badge sd-badge--${p.status.toLowerCase()}`}>{p.status}</span>
                </td>
                <td data-label="Gateway">{p.gateway}</td>
                <td data-label="Date">{formatDateTime(p.paidAt ?? p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

export function PlaysAndRanksCard({ student }: { student: StudentDetail }) {
  const { contest, practice } = student.plays;
  const id = student.profile._id;
  return (
    <Card className="sd-layout__plays stack" aria-labelledby="sd-plays-title">
      <h2 id="sd-plays-title" className="card__title">
        Plays and ranks
      </h2>
      <dl className="facts sd-facts sd-facts--two">
        <div>
          <dt>Contest plays</dt>
          <dd>
            <Link to={`${adminPagePath('studentAttempts', { id })}?type=CONTEST`}>{contest.total}</Link>{' '}
            <span className="muted">
              ({contest.finished} finished, {contest.inProgress} open)
            </span>
          </dd>
        </div>
        <div>
          <dt>Practice plays</dt>
          <dd>
            <Link to={`${adminPagePath('studentAttempts', { id })}?type=PRACTICE`}>{practice.total}</Link>{' '}
            <span className="muted">
              ({practice.finished} finished, {practice.cancelled} stopped)
            </span>
          </dd>
        </div>
      </dl>
      {student.ranks.length === 0 ? (
        <p className="muted" data-testid="student-ranks-empty">
          Not ranked in any phase yet.
        </p>
      ) : (
        <ul className="sd-ranks" data-testid="student-ranks">
          {student.ranks.map((r) => (
            <li key={r.phaseId}>
              <strong>{r.phaseName}</strong>: rank <strong>{r.rank}</strong> in {r.grade}{' '}
              <span className="muted">
                (score {formatScore(r.score)}, {formatDuration(r.totalTimeMs)})
              </span>{' '}
              <Link to={adminPagePath('studentAttemptDetail', { id: r.playId })}>best play</Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
