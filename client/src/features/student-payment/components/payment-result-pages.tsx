import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { errorMessage } from '../../../shared/http/http-error';
import { ButtonLink } from '../../../shared/ui/button';
import { Alert, Card, Spinner } from '../../../shared/ui/surface';
import { confirmOrder, fetchOrder, formatPkr, type PaymentOrder, paymentKeys } from '../payment-api';
import { useAttemptsChanged } from './use-attempts-changed';
import './payment.css';

/** While a payment is pending, ask the server to check with the gateway this often, this many times. */
const CONFIRM_EVERY_MS = 4000;
const CONFIRM_TRIES = 15;

const ORDER_PATTERN = /^[A-Z0-9]{6,20}$/;

/**
 * The order named in ?order=, as the server knows it. A pending order is re-checked with the
 * gateway every few seconds for a minute: landing here never credits anything by itself.
 */
function useOrder() {
  const [params] = useSearchParams();
  const orderRef = params.get('order') ?? '';
  const valid = ORDER_PATTERN.test(orderRef);
  const tries = useRef(0);
  const order = useQuery({
    queryKey: paymentKeys.order(orderRef),
    queryFn: async ({ signal }) => {
      if (tries.current === 0) {
        tries.current = 1;
        return fetchOrder(orderRef, signal);
      }
      tries.current += 1;
      return confirmOrder(orderRef);
    },
    enabled: valid,
    retry: 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'PENDING' && tries.current < CONFIRM_TRIES ? CONFIRM_EVERY_MS : false,
  });
  const attemptsChanged = useAttemptsChanged();
  const paid = order.data?.status === 'PAID';
  const attempts = order.data?.contestAttempts;
  useEffect(() => {
    if (paid && attempts !== undefined) {
      attemptsChanged(attempts);
    }
  }, [paid, attempts, attemptsChanged]);
  return { orderRef, valid, order, gaveUp: tries.current >= CONFIRM_TRIES };
}

function ResultShell({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="payment-result">
      <Card className="payment-result__card">{children}</Card>
    </div>
  );
}

function OrderFacts({ order }: { order: PaymentOrder }) {
  return (
    <dl className="payment-facts">
      <div>
        <dt>Order number</dt>
        <dd data-testid="payment-order-ref">{order.orderRef}</dd>
      </div>
      <div>
        <dt>Package</dt>
        <dd>{order.packageName}</dd>
      </div>
      <div>
        <dt>Amount</dt>
        <dd>{formatPkr(order.amount)}</dd>
      </div>
    </dl>
  );
}

/** /payment/success: where the gateway sends the student back. Shows what the server confirmed. */
export function PaymentSuccessPage() {
  const { valid, order, gaveUp } = useOrder();
  if (!valid) {
    return (
      <ResultShell title="Payment">
        <h1>Payment</h1>
        <Alert tone="error">This link does not name a payment.</Alert>
        <ButtonLink to={paths.dashboardPayment}>Go to payment</ButtonLink>
      </ResultShell>
    );
  }
  if (order.isPending) {
    return (
      <ResultShell title="Payment">
        <Spinner label="Checking your payment…" />
      </ResultShell>
    );
  }
  if (order.isError) {
    return (
      <ResultShell title="Payment">
        <h1>Payment</h1>
        <Alert tone="error">{errorMessage(order.error)}</Alert>
        <ButtonLink to={paths.dashboard}>Go to the dashboard</ButtonLink>
      </ResultShell>
    );
  }
  const data = order.data;
  if (data.status === 'PAID') {
    return (
      <ResultShell title="Payment received">
        <h1 data-testid="payment-result-title">Payment received</h1>
        <Alert tone="success">
          {data.attempts} contest attempt{data.attempts === 1 ? '' : 's'} added. You now have{' '}
          <strong data-testid="payment-result-attempts">{data.contestAttempts}</strong>. A receipt is on its
          way to your e-mail.
        </Alert>
        <OrderFacts order={data} />
        <div className="payment-actions">
          <ButtonLink to={paths.contestQuiz} variant="accent">
            Go to the contest
          </ButtonLink>
          <ButtonLink to={paths.dashboard} variant="secondary">
            Dashboard
          </ButtonLink>
        </div>
      </ResultShell>
    );
  }
  if (data.status === 'PENDING') {
    return (
      <ResultShell title="Confirming payment">
        <h1 data-testid="payment-result-title">Confirming your payment</h1>
        {gaveUp ? (
          <Alert tone="info">
            The bank has not confirmed this payment yet. It can take a few minutes: we keep checking and add
            your attempts as soon as it is confirmed. You can leave this page. If money was taken and nothing
            arrives within a day, contact us with your order number.
          </Alert>
        ) : (
          <div className="payment-waiting" aria-live="polite">
            <Spinner label="Waiting for the bank's confirmation…" />
            <p className="muted">
              We are waiting for the bank's confirmation. This usually takes a few seconds.
            </p>
          </div>
        )}
        <OrderFacts order={data} />
        <ButtonLink to={paths.dashboard} variant="secondary">
          Dashboard
        </ButtonLink>
      </ResultShell>
    );
  }
  return <FailedContent order={data} />;
}

function FailedContent({ order }: { order: PaymentOrder }) {
  return (
    <ResultShell title="Payment not completed">
      <h1 data-testid="payment-result-title">Payment not completed</h1>
      <Alert tone="error">
        {order.status === 'EXPIRED'
          ? 'This payment was not confirmed in time, so it was closed.'
          : `The payment did not go through${order.message ? `: ${order.message}` : '.'}`}{' '}
        No attempts were added. If money was taken from your account, it is returned by the bank, or contact
        us with your order number.
      </Alert>
      <OrderFacts order={order} />
      <div className="payment-actions">
        <ButtonLink to={paths.dashboardPayment} variant="accent">
          Try again
        </ButtonLink>
        <ButtonLink to={paths.dashboard} variant="secondary">
          Dashboard
        </ButtonLink>
      </div>
    </ResultShell>
  );
}

/** /payment/failed: the gateway said no (or the result could not be trusted). */
export function PaymentFailedPage() {
  const { valid, order } = useOrder();
  if (valid && order.isPending) {
    return (
      <ResultShell title="Payment">
        <Spinner label="Checking your payment…" />
      </ResultShell>
    );
  }
  if (valid && order.data && order.data.status !== 'FAILED' && order.data.status !== 'EXPIRED') {
    // The server knows better than the URL: a payment confirmed meanwhile is shown as such.
    return <PaymentSuccessPage />;
  }
  if (valid && order.data) {
    return <FailedContent order={order.data} />;
  }
  return (
    <ResultShell title="Payment not completed">
      <h1 data-testid="payment-result-title">Payment not completed</h1>
      <Alert tone="error">
        The payment could not be confirmed. No attempts were added. If money was taken, contact us and we will
        sort it out.
      </Alert>
      <div className="payment-actions">
        <ButtonLink to={paths.dashboardPayment} variant="accent">
          Try again
        </ButtonLink>
      </div>
    </ResultShell>
  );
}
