import type { PaymentLogEntry, PaymentLogTrail } from '@riyazi/api/contracts';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { formatDateTime, formatPreciseDateTime } from '../../../shared/format/date-time';
import { Fact } from '../../../shared/ui/fact';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Alert, Card } from '../../../shared/ui/surface';
import { useFailureGatewayLabel, usePaymentTrail } from '../api/use-payment-reports';
import { formatRupees, trailTargetOf } from './payment-report-query';
import { StatusBadge } from './status-badge';
import { StudentLink } from './student-link';
import './payment-reports.css';

/** The list's query string, when the visitor came from the list: back returns to the same filters. */
function listSearchFrom(state: unknown): string {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from.startsWith('?') ? state.from : '';
  }
  return '';
}

const orNone = (value: string | null) => value ?? <span className="muted">—</span>;

function money(amount: number | null, currency: string | null) {
  if (amount === null && currency === null) {
    return <span className="muted">—</span>;
  }
  return `${amount === null ? '—' : amount.toFixed(2)} ${currency ?? ''}`.trim();
}

const SIGNATURE = (valid: boolean | null) =>
  valid === null ? (
    <span className="muted">Not checked</span>
  ) : valid ? (
    'Valid'
  ) : (
    <strong className="pr-bad">Invalid</strong>
  );

const PROBLEMS = new Set(['REJECTED', 'SUSPICIOUS', 'FAILED', 'EXPIRED']);

function LogEntry({ entry }: { entry: PaymentLogEntry }) {
  const problem = PROBLEMS.has(entry.outcome);
  const gatewayLabel = useFailureGatewayLabel();
  return (
    <li
      className={problem ? 'pr-log pr-log--problem' : 'pr-log'}
      data-testid="pl-entry"
      data-outcome={entry.outcome}
    >
      <div className="pr-log__head">
        <span className="pr-log__kind">{entry.kind}</span>
        <span className={`pr-badge pr-badge--${entry.outcome.toLowerCase()}`}>{entry.outcome}</span>
        <time dateTime={entry.at} className="pr-mono">
          {formatPreciseDateTime(entry.at)}
        </time>
      </div>
      <dl className="facts pr-facts">
        <Fact label="Student" wide>
          {entry.student ? `${entry.student.fullName} (No. ${entry.student.studentNo})` : orNone(null)}
        </Fact>
        <Fact label="Our order id">
          <span className="pr-mono">{orNone(entry.orderRef)}</span>
        </Fact>
        <Fact label="Gateway">{gatewayLabel(entry.gateway)}</Fact>
        <Fact label="Gateway reference">
          <span className="pr-mono">{orNone(entry.gatewayRef)}</span>
        </Fact>
        <Fact label="Response code">
          <span className="pr-mono">{orNone(entry.responseCode)}</span>
        </Fact>
        <Fact label="Response message" wide>
          {orNone(entry.responseMessage)}
        </Fact>
        <Fact label="Expected amount">{money(entry.expectedAmount, entry.expectedCurrency)}</Fact>
        <Fact label="Received amount" testId="pl-received">
          {money(entry.receivedAmount, entry.receivedCurrency)}
        </Fact>
        <Fact label="Signature" testId="pl-signature">
          {SIGNATURE(entry.signatureValid)}
        </Fact>
        <Fact label="Delivery attempt">{entry.attemptNo}</Fact>
        <Fact label="Source IP">
          <span className="pr-mono">{orNone(entry.sourceIp)}</span>
        </Fact>
        <Fact label="Payload SHA-256" wide>
          <span className="pr-mono pr-hash">{orNone(entry.payloadSha256)}</span>
        </Fact>
      </dl>
    </li>
  );
}

function PaymentSummary({ payment }: { payment: NonNullable<PaymentLogTrail['payment']> }) {
  const gatewayLabel = useFailureGatewayLabel();
  return (
    <Card aria-labelledby="pl-payment-title">
      <h2 id="pl-payment-title" className="card__title pr-card-title">
        Payment
      </h2>
      <dl className="facts pr-facts" data-testid="pl-payment">
        <Fact label="Status">
          <StatusBadge status={payment.status} />
        </Fact>
        <Fact label="Student" wide>
          <StudentLink student={payment.student} /> (No. {payment.student.studentNo})
        </Fact>
        <Fact label="Package">{payment.package.name}</Fact>
        <Fact label="Amount">
          {formatRupees(payment.amount)} <span className="muted">{payment.currency}</span>
        </Fact>
        <Fact label="Gateway">{gatewayLabel(payment.gateway)}</Fact>
        <Fact label="Gateway reference">
          <span className="pr-mono">{orNone(payment.gatewayRef)}</span>
        </Fact>
        <Fact label="Created">{formatDateTime(payment.createdAt)}</Fact>
        <Fact label="Paid">{formatDateTime(payment.paidAt)}</Fact>
      </dl>
    </Card>
  );
}

export function PaymentLogTrailPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const location = useLocation();
  const target = trailTargetOf(id, params);
  const trail = usePaymentTrail(target);
  const backHref = `${adminPagePath('reportPaymentFailures')}${listSearchFrom(location.state)}`;
  const back = (
    <Link to={backHref} className="back-link">
      <span aria-hidden="true">←</span> All payment failures
    </Link>
  );
  if (target === null) {
    return (
      <div className="stack">
        {back}
        <PageHeading title="Payment log" />
        <Alert tone="error">This payment or log does not exist.</Alert>
      </div>
    );
  }
  const data = trail.data;
  return (
    <div className="stack">
      {back}
      <RecordStatus query={trail} title="Payment log" noun="payment log" />
      {data ? (
        <>
          <PageHeading
            title={data.payment ? `Payment ${data.payment.orderRef}` : 'Message naming no known order'}
          >
            {data.payment
              ? 'Every message about this payment, oldest first. Times are UTC.'
              : 'A gateway message naming no order we know (a forged or misdirected callback). Times are UTC.'}
          </PageHeading>
          {data.payment ? <PaymentSummary payment={data.payment} /> : null}
          <Card aria-labelledby="pl-trail-title">
            <h2 id="pl-trail-title" className="card__title pr-card-title">
              Log trail
            </h2>
            {data.logs.length === 0 ? (
              <p className="muted">No message has been logged for this payment.</p>
            ) : (
              <ol className="pr-logs" data-testid="pl-trail">
                {data.logs.map((entry) => (
                  <LogEntry key={entry._id} entry={entry} />
                ))}
              </ol>
            )}
          </Card>
        </>
      ) : null}
    </div>
  );
}
