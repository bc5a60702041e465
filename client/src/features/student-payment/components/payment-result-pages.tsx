import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { describeStudentError } from '../../../shared/http/student-error';
import { Ltr, useT } from '../../../shared/i18n';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Alert, Card, Spinner } from '../../../shared/ui/surface';
import {
  cancelOrder,
  confirmOrder,
  fetchOrder,
  formatPkr,
  type PaymentOrder,
  paymentKeys,
} from '../payment-api';
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
  const t = useT();
  return (
    <dl className="payment-facts">
      <div>
        <dt>{t('payment.facts.order')}</dt>
        <dd data-testid="payment-order-ref">
          <Ltr>{order.orderRef}</Ltr>
        </dd>
      </div>
      <div>
        <dt>{t('payment.facts.package')}</dt>
        <dd>{order.packageName}</dd>
      </div>
      <div>
        <dt>{t('payment.facts.amount')}</dt>
        <dd>
          <Ltr>{formatPkr(order.amount)}</Ltr>
        </dd>
      </div>
    </dl>
  );
}

/** /payment/success: where the gateway sends the student back. Shows what the server confirmed. */
export function PaymentSuccessPage() {
  const t = useT();
  const { valid, order, gaveUp } = useOrder();
  if (!valid) {
    return (
      <ResultShell title={t('payment.result.title')}>
        <h1>{t('payment.result.title')}</h1>
        <Alert tone="error">{t('payment.result.noOrder')}</Alert>
        <ButtonLink to={paths.dashboardPayment}>{t('payment.result.goPayment')}</ButtonLink>
      </ResultShell>
    );
  }
  if (order.isPending) {
    return (
      <ResultShell title={t('payment.result.title')}>
        <Spinner label={t('payment.result.checking')} />
      </ResultShell>
    );
  }
  if (order.isError) {
    return (
      <ResultShell title={t('payment.result.title')}>
        <h1>{t('payment.result.title')}</h1>
        <Alert tone="error">{describeStudentError(order.error)}</Alert>
        <ButtonLink to={paths.dashboard}>{t('payment.result.goDashboard')}</ButtonLink>
      </ResultShell>
    );
  }
  const data = order.data;
  if (data.status === 'PAID') {
    return (
      <ResultShell title={t('payment.result.received')}>
        <h1 data-testid="payment-result-title">{t('payment.result.received')}</h1>
        <Alert tone="success">
          {fillTemplate(t(data.attempts === 1 ? 'payment.result.addedOne' : 'payment.result.added'), {
            count: <Ltr>{data.attempts}</Ltr>,
            total: (
              <strong data-testid="payment-result-attempts">
                <Ltr>{data.contestAttempts}</Ltr>
              </strong>
            ),
          })}
        </Alert>
        <OrderFacts order={data} />
        <ResultActions to={paths.contestQuiz} label={t('payment.result.goContest')} />
      </ResultShell>
    );
  }
  if (data.status === 'PENDING') {
    return (
      <ResultShell title={t('payment.result.confirmingTitle')}>
        <h1 data-testid="payment-result-title">{t('payment.result.confirming')}</h1>
        {gaveUp ? (
          <Alert tone="info">{t('payment.result.gaveUp')}</Alert>
        ) : (
          <div className="payment-waiting" aria-live="polite">
            <Spinner label={t('payment.result.waitingBank')} />
            <p className="muted">{t('payment.result.waitingText')}</p>
          </div>
        )}
        <OrderFacts order={data} />
        <CancelPending orderRef={data.orderRef} />
        <ButtonLink to={paths.dashboard} variant="secondary">
          {t('common.dashboard')}
        </ButtonLink>
      </ResultShell>
    );
  }
  return <FailedContent order={data} />;
}

/** A family back from the gateway without paying gives the checkout up (its promo code frees at once). */
function CancelPending({ orderRef }: { orderRef: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderRef),
    onSuccess: (order) => {
      queryClient.setQueryData(paymentKeys.order(orderRef), order);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.options });
    },
    onError: (error) => toast.error(describeStudentError(error)),
  });
  if (!asking) {
    return (
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="payment-cancel">
        {t('payment.result.cancel')}
      </Button>
    );
  }
  return (
    <div className="stack" aria-live="polite">
      <p>{t('payment.result.cancelConfirm')}</p>
      <div className="payment-actions">
        <Button
          variant="danger"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
          data-testid="payment-cancel-confirm"
        >
          {t('payment.result.cancelYes')}
        </Button>
        <Button variant="secondary" onClick={() => setAsking(false)}>
          {t('payment.result.cancelNo')}
        </Button>
      </div>
    </div>
  );
}

/** The result's next step, and the way back to the dashboard. */
function ResultActions({ to, label }: { to: string; label: string }) {
  const t = useT();
  return (
    <div className="payment-actions">
      <ButtonLink to={to} variant="accent">
        {label}
      </ButtonLink>
      <ButtonLink to={paths.dashboard} variant="secondary">
        {t('common.dashboard')}
      </ButtonLink>
    </div>
  );
}

function FailedContent({ order }: { order: PaymentOrder }) {
  const t = useT();
  return (
    <ResultShell title={t('payment.result.failed')}>
      <h1 data-testid="payment-result-title">{t('payment.result.failed')}</h1>
      <Alert tone="error">
        {order.status === 'EXPIRED'
          ? t('payment.result.expired')
          : order.status === 'CANCELLED'
            ? t('payment.result.cancelled')
            : order.status === 'REFUNDED'
              ? t('payment.result.refunded')
              : order.message
                ? t('payment.result.declinedBecause', { reason: order.message })
                : t('payment.result.declined')}{' '}
        {t('payment.result.noAttempts')}
      </Alert>
      <OrderFacts order={order} />
      <ResultActions to={paths.dashboardPayment} label={t('payment.result.tryAgain')} />
    </ResultShell>
  );
}

/** /payment/failed: the gateway said no (or the result could not be trusted). */
export function PaymentFailedPage() {
  const t = useT();
  const { valid, order } = useOrder();
  if (valid && order.isPending) {
    return (
      <ResultShell title={t('payment.result.title')}>
        <Spinner label={t('payment.result.checking')} />
      </ResultShell>
    );
  }
  if (valid && order.data && (order.data.status === 'PAID' || order.data.status === 'PENDING')) {
    // The server knows better than the URL: a payment confirmed meanwhile is shown as such.
    return <PaymentSuccessPage />;
  }
  if (valid && order.data) {
    return <FailedContent order={order.data} />;
  }
  return (
    <ResultShell title={t('payment.result.failed')}>
      <h1 data-testid="payment-result-title">{t('payment.result.failed')}</h1>
      <Alert tone="error">{t('payment.result.unconfirmed')}</Alert>
      <div className="payment-actions">
        <ButtonLink to={paths.dashboardPayment} variant="accent">
          {t('payment.result.tryAgain')}
        </ButtonLink>
      </div>
    </ResultShell>
  );
}
