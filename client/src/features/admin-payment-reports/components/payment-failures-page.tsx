import { type PaymentFailureRow, PROBLEM_OUTCOMES } from '@riyazi/api/contracts';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { ListPager, useListUrlState } from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useFailureGatewayLabel, useFailureGateways, usePaymentFailures } from '../api/use-payment-reports';
import { FAILURE_LIST, formatRupees, ORPHAN_SEGMENT, OUTCOME_LABELS } from './payment-report-query';
import { OutcomeBadge, StatusBadge } from './status-badge';
import { StudentLink } from './student-link';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './payment-reports.css';

/** The log trail of a row: its payment's, or the orphan log's own. */
function trailHref(row: Pick<PaymentFailureRow, 'kind' | '_id'>): string {
  return row.kind === 'payment'
    ? adminPagePath('reportPaymentFailureLogs', { id: row._id })
    : `${adminPagePath('reportPaymentFailureLogs', { id: ORPHAN_SEGMENT })}?log=${encodeURIComponent(row._id)}`;
}

function FailuresTable({
  rows,
  busy,
  listSearch,
}: {
  rows: PaymentFailureRow[];
  busy: boolean;
  listSearch: string;
}) {
  const gatewayLabel = useFailureGatewayLabel();
  return (
    <table
      className="data-table data-table--top data-table--compact stacked-table--wide pr-table"
      data-testid="pf-table"
      aria-busy={busy}
    >
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Order</th>
          <th scope="col">Student</th>
          <th scope="col">Gateway</th>
          <th scope="col" className="pr-num">
            Amount
          </th>
          <th scope="col">Status</th>
          <th scope="col">Last problem</th>
          <th scope="col">
            <span className="visually-hidden">Log trail</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={`${row.kind}-${row._id}`}
            data-testid="pf-row"
            data-kind={row.kind}
            data-order-ref={row.orderRef ?? ''}
          >
            <th scope="row" className="pr-when">
              {formatDateTime(row.at)}
            </th>
            <td data-label="Order">
              <span className="pr-mono">{row.orderRef ?? '—'}</span>
            </td>
            <td data-label="Student">
              {row.student ? (
                <span className="pr-cell">
                  <StudentLink student={row.student} />
                  <span className="muted pr-meta">No. {row.student.studentNo}</span>
                </span>
              ) : (
                <span className="muted">No known order</span>
              )}
            </td>
            <td data-label="Gateway">{gatewayLabel(row.gateway)}</td>
            <td data-label="Amount" className="pr-num">
              {row.kind === 'orphan' && row.amount !== null ? (
                <span className="muted" title="The amount the message claimed">
                  {formatRupees(row.amount)} claimed
                </span>
              ) : (
                formatRupees(row.amount)
              )}
            </td>
            <td data-label="Status">
              {row.status ? <StatusBadge status={row.status} /> : <span className="muted">—</span>}
            </td>
            <td data-label="Last problem" className="pr-problem" data-testid="pf-outcome">
              <span className="pr-cell">
                <OutcomeBadge outcome={row.outcome} />
                {row.message ? <span className="pr-message">{row.message}</span> : null}
              </span>
            </td>
            <td data-label="Log" className="pr-action">
              <Link
                to={trailHref(row)}
                state={{ from: listSearch }}
                data-testid="pf-view-log"
                aria-label={`Log trail of ${row.orderRef ?? 'the unmatched message'}`}
              >
                Log trail
              </Link>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PaymentFailuresPage() {
  const { params, query, pager, filtered, bind } = useListUrlState(FAILURE_LIST);
  const failures = usePaymentFailures(query);
  const gateways = useFailureGateways();
  const page = failures.data;
  const field = (key: 'from' | 'to' | 'outcome' | 'gateway') => bind(key, `pf-filter-${key}`);

  return (
    <div className="stack">
      <PageHeading title="Payment failures">
        Payments that were declined or expired, or had a message with a bad signature (rejected) or a wrong
        amount or currency (suspicious), and gateway messages naming no order we know. Newest first; days in
        Pakistan time.
      </PageHeading>
      <Card className="stack" aria-label="Payment failures">
        <div className="pr-filters">
          <TextField label="From" type="date" max={query.to || undefined} {...field('from')} />
          <TextField label="To" type="date" min={query.from || undefined} {...field('to')} />
          <FilterSelect
            label="Problem"
            {...field('outcome')}
            allLabel="Any problem"
            options={PROBLEM_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABELS[o] }))}
          />
          <FilterSelect
            label="Gateway"
            {...field('gateway')}
            allLabel="Any gateway"
            options={gateways.map((g) => ({ value: g.id, label: g.label }))}
          />
        </div>
        <p className="muted pr-summary" data-testid="pf-summary">
          {page === undefined ? '\u00a0' : `${page.total} ${page.total === 1 ? 'problem' : 'problems'}`}
        </p>
        <ListStatus
          query={failures}
          loading="Loading payment failures…"
          error={`The failures could not be loaded: ${describeError(failures.error)}`}
          errorTestId="pf-error"
          empty={filtered ? 'No problems match these filters.' : 'No failed or suspicious payments.'}
          emptyTestId="pf-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <FailuresTable
            rows={page.data}
            busy={failures.isFetching}
            listSearch={params.size > 0 ? `?${params}` : ''}
          />
        ) : null}
        <ListPager page={page} pager={pager} noun="problems" />
      </Card>
    </div>
  );
}
