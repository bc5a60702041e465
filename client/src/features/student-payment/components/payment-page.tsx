import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { errorMessage } from '../../../shared/http/http-error';
import { sessionActions } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import {
  checkPromoCode,
  fetchPaymentOptions,
  formatPkr,
  type GatewayChoice,
  goToGateway,
  type PaymentOptions,
  type PromoCheck,
  paymentKeys,
  placeCheckout,
  redeemAccessCode,
} from '../payment-api';
import { useAttemptsChanged } from './use-attempts-changed';
import './payment.css';

export const PAYMENT_FETCH_ERROR = 'Failed to fetch Payment data';

/** /dashboard/payment: buy contest attempts (package, promo code, gateway) or redeem an access code. */
export function PaymentPage() {
  useDocumentTitle('Payment');
  const options = useQuery({
    queryKey: paymentKeys.options,
    queryFn: ({ signal }) => fetchPaymentOptions(signal),
    staleTime: 0,
  });
  useEffect(() => {
    if (options.isError) {
      toast.error(PAYMENT_FETCH_ERROR, { id: 'payment-fetch' });
    }
  }, [options.isError]);
  // The quiz state follows the server (a grant or a payment confirmed later shows up here).
  const serverAttempts = options.data?.contestAttempts;
  const serverPaid = options.data?.isPaymentMade;
  useEffect(() => {
    if (serverAttempts !== undefined && serverPaid !== undefined) {
      sessionActions.setQuiz({ contestAttempts: serverAttempts, isPaymentMade: serverPaid });
    }
  }, [serverAttempts, serverPaid]);

  return (
    <div className="stack" data-testid="payment-page">
      <PageHeading title="Payment">
        Contest attempts are paid for once per attempt. A parent can pay by wallet, or enter an access code
        from your school or sponsor.
      </PageHeading>
      {options.isPending ? (
        <LoadingBlock label="Loading payment options…" />
      ) : options.isError ? (
        <Alert tone="error">
          {PAYMENT_FETCH_ERROR}.{' '}
          <Button small variant="secondary" onClick={() => void options.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <p className="payment-attempts" data-testid="payment-attempts">
            Contest attempts you have: <strong>{options.data.contestAttempts}</strong>
          </p>
          <div className="payment-columns">
            <BuyCard options={options.data} />
            <AccessCodeCard />
          </div>
        </>
      )}
    </div>
  );
}

function BuyCard({ options }: { options: PaymentOptions }) {
  const navigate = useNavigate();
  const attemptsChanged = useAttemptsChanged();
  const [packageId, setPackageId] = useState(options.packages[0]?._id ?? '');
  const [gateway, setGateway] = useState<GatewayChoice | ''>(options.gateways[0]?.id ?? '');
  const [promoInput, setPromoInput] = useState('');
  const promo = usePromoCheck(promoInput, packageId);
  const selected = options.packages.find((p) => p._id === packageId) ?? null;
  const amount = promo.result ? promo.result.amount : (selected?.price ?? 0);
  const free = promo.result !== null && promo.result.amount === 0;

  const pay = useMutation({
    mutationFn: () =>
      placeCheckout({
        packageId,
        gateway,
        ...(promo.result ? { promoCode: promo.result.code } : {}),
      }),
    onSuccess: (result) => {
      if (result.status === 'PAID') {
        attemptsChanged(result.contestAttempts);
        void navigate(`${paths.paymentSuccess}?order=${encodeURIComponent(result.orderRef)}`);
        return;
      }
      goToGateway(result.redirect);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  if (!options.paymentEnabled) {
    return (
      <Card className="payment-card" data-testid="payment-disabled">
        <h2>Pay online</h2>
        <Alert tone="info">
          Online payment is not available right now. If your school or a sponsor gave you an access code,
          enter it here; otherwise please check again later.
        </Alert>
      </Card>
    );
  }
  if (options.packages.length === 0) {
    return (
      <Card className="payment-card">
        <h2>Pay online</h2>
        <p className="muted">Nothing is on sale right now. Please check again later.</p>
      </Card>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!pay.isPending && !promo.checking && (free || gateway)) {
      pay.mutate();
    }
  };
  const leaving = pay.isPending || (pay.isSuccess && pay.data.status === 'PENDING');
  return (
    <Card className="payment-card">
      <form onSubmit={onSubmit} className="stack" aria-labelledby="buy-title">
        <h2 id="buy-title">Pay online</h2>
        <fieldset className="payment-packages">
          <legend>Choose a package</legend>
          <p className="muted payment-note">
            Attempts go into one balance: each one you hold can start the contest that is open to you.
          </p>
          {options.packages.map((pkg) => (
            <label key={pkg._id} className="payment-package" data-testid="payment-package">
              <input
                type="radio"
                name="package"
                value={pkg._id}
                checked={pkg._id === packageId}
                onChange={() => setPackageId(pkg._id)}
              />
              <span className="payment-package__text">
                <strong>{pkg.name}</strong>
                <span className="muted">
                  {pkg.attempts} contest attempt{pkg.attempts === 1 ? '' : 's'}
                </span>
                <span className="payment-package__phase" data-testid="payment-package-phase">
                  {phaseText(pkg.phase)}
                </span>
                {pkg.description ? <span className="muted">{pkg.description}</span> : null}
              </span>
              <span className="payment-package__price">{formatPkr(pkg.price)}</span>
            </label>
          ))}
        </fieldset>

        <TextField
          label="Promo code (optional)"
          value={promoInput}
          onChange={(e) => setPromoInput(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint={promo.checking ? 'Checking…' : (promo.result?.message ?? undefined)}
          error={promo.error}
          data-testid="promo-code-input"
        />

        {options.gateways.length > 1 && !free ? (
          <fieldset className="payment-gateways">
            <legend>Pay with</legend>
            {options.gateways.map((g) => (
              <label key={g.id} className="payment-gateway">
                <input
                  type="radio"
                  name="gateway"
                  value={g.id}
                  checked={g.id === gateway}
                  onChange={() => setGateway(g.id)}
                />
                {g.label}
              </label>
            ))}
          </fieldset>
        ) : null}

        <div className="payment-total" aria-live="polite" data-testid="payment-total">
          {promo.result && promo.result.discount > 0 ? (
            <span className="payment-total__was">{formatPkr(promo.result.price)}</span>
          ) : null}
          <span>
            To pay: <strong>{formatPkr(amount)}</strong>
          </span>
        </div>

        <Button
          type="submit"
          variant="accent"
          block
          disabled={leaving || promo.checking}
          data-testid="pay-button"
        >
          {leaving ? 'Taking you to payment…' : free ? 'Get my attempts' : `Pay ${formatPkr(amount)}`}
        </Button>
        {!free ? (
          <p className="muted payment-note">
            You will pay on {options.gateways.find((g) => g.id === gateway)?.label ?? 'the payment page'} and
            come back here. Attempts are added as soon as the payment is confirmed.
          </p>
        ) : null}
      </form>
    </Card>
  );
}

/** Which contest a package's attempts are for (it is sold only until that phase is over). */
function phaseText(phase: PaymentOptions['packages'][number]['phase']): string {
  if (phase === null) {
    return 'For any contest phase';
  }
  return phase.isContestPhase
    ? `For the ${phase.title} contest (open now)`
    : `For the ${phase.title} contest`;
}

/** Checks the typed promo code against the chosen package, live (after a short pause in typing). */
function usePromoCheck(input: string, packageId: string) {
  const code = input.trim();
  const [settled, setSettled] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSettled(code), 450);
    return () => clearTimeout(timer);
  }, [code]);
  const query = useQuery({
    queryKey: ['student', 'payment', 'promo', settled, packageId],
    queryFn: ({ signal }) => checkPromoCode({ code: settled, packageId }, signal),
    enabled: settled.length >= 3 && packageId !== '',
    retry: false,
    staleTime: 30_000,
  });
  const current = settled === code && code.length >= 3;
  return {
    checking: code.length >= 3 && (!current || query.isFetching),
    result: current && query.isSuccess ? (query.data as PromoCheck) : null,
    error: current && query.isError ? errorMessage(query.error) : null,
  };
}

function AccessCodeCard() {
  const id = useId();
  const queryClient = useQueryClient();
  const attemptsChanged = useAttemptsChanged();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const redeem = useMutation({
    mutationFn: () => redeemAccessCode(code),
    onSuccess: (result) => {
      setCode('');
      setError(null);
      toast.success(result.message);
      attemptsChanged(result.contestAttempts);
      void queryClient.invalidateQueries({ queryKey: paymentKeys.options });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  return (
    <Card className="payment-card">
      <form
        className="stack"
        aria-labelledby={`${id}-title`}
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() && !redeem.isPending) {
            redeem.mutate();
          }
        }}
      >
        <h2 id={`${id}-title`}>Have an access code?</h2>
        <p className="muted">Schools and sponsors give codes like ABCD-EFGH-JKMN. Each code works once.</p>
        <TextField
          label="Access code"
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          placeholder="XXXX-XXXX-XXXX"
          error={error}
          data-testid="access-code-input"
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={redeem.isPending || !code.trim()}
          data-testid="redeem-button"
        >
          {redeem.isPending ? 'Checking…' : 'Use code'}
        </Button>
      </form>
    </Card>
  );
}
