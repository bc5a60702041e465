import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { describeStudentError } from '../../../shared/http/student-error';
import { Ltr, type Translate, translate, useT } from '../../../shared/i18n';
import { sessionActions } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { fillTemplate } from '../../../shared/ui/fill-template';
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

/** /dashboard/payment: buy contest attempts (package, promo code, gateway) or redeem an access code. */
export function PaymentPage() {
  const t = useT();
  useDocumentTitle(t('payment.title'));
  const options = useQuery({
    queryKey: paymentKeys.options,
    queryFn: ({ signal }) => fetchPaymentOptions(signal),
    staleTime: 0,
  });
  useEffect(() => {
    if (options.isError) {
      toast.error(translate('payment.fetchError'), { id: 'payment-fetch' });
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
      <PageHeading title={t('payment.title')}>{t('payment.intro')}</PageHeading>
      {options.isPending ? (
        <LoadingBlock label={t('payment.loading')} />
      ) : options.isError ? (
        <Alert tone="error">
          {t('payment.fetchError')}.{' '}
          <Button small variant="secondary" onClick={() => void options.refetch()}>
            {t('common.tryAgain')}
          </Button>
        </Alert>
      ) : (
        <>
          <p className="payment-attempts" data-testid="payment-attempts">
            {fillTemplate(t('payment.attemptsYouHave'), {
              count: (
                <strong>
                  <Ltr>{options.data.contestAttempts}</Ltr>
                </strong>
              ),
            })}
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
  const t = useT();
  const navigate = useNavigate();
  const attemptsChanged = useAttemptsChanged();
  const usable = options.packages.filter((p) => p.usable);
  const [packageId, setPackageId] = useState(usable[0]?._id ?? '');
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
    onError: (error) => toast.error(describeStudentError(error)),
  });
  // Pay pressed while the code was still being checked: pay once it is known to be good.
  const [payWhenChecked, setPayWhenChecked] = useState(false);
  const canPay =
    !pay.isPending && !promo.holdsPayment && selected?.usable === true && (free || gateway !== '');
  useEffect(() => {
    if (payWhenChecked && !promo.checking) {
      setPayWhenChecked(false);
      if (canPay) {
        pay.mutate();
      }
    }
  }, [payWhenChecked, promo.checking, canPay, pay]);

  if (!options.paymentEnabled) {
    return (
      <Card className="payment-card" data-testid="payment-disabled">
        <h2>{t('payment.payOnline')}</h2>
        <Alert tone="info">{t('payment.disabled')}</Alert>
      </Card>
    );
  }
  if (options.packages.length === 0) {
    return (
      <Card className="payment-card">
        <h2>{t('payment.payOnline')}</h2>
        <p className="muted">{t('payment.nothingOnSale')}</p>
      </Card>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    promo.finish();
    if (promo.checking) {
      setPayWhenChecked(true);
    } else if (canPay) {
      pay.mutate();
    }
  };
  const leaving = pay.isPending || (pay.isSuccess && pay.data.status === 'PENDING');
  return (
    <Card className="payment-card">
      <form onSubmit={onSubmit} className="stack" aria-labelledby="buy-title">
        <h2 id="buy-title">{t('payment.payOnline')}</h2>
        <fieldset className="payment-packages">
          <legend>{t('payment.choosePackage')}</legend>
          <p className="muted payment-note">{t('payment.balanceNote')}</p>
          {usable.length === 0 ? (
            <Alert tone="info" data-testid="payment-none-usable">
              {t('payment.noneUsable')}
            </Alert>
          ) : null}
          {options.packages.map((pkg) => (
            <label
              key={pkg._id}
              className={`payment-package${pkg.usable ? '' : ' payment-package--unusable'}`}
              data-testid="payment-package"
              data-usable={pkg.usable}
            >
              <input
                type="radio"
                name="package"
                value={pkg._id}
                checked={pkg._id === packageId}
                disabled={!pkg.usable}
                onChange={() => setPackageId(pkg._id)}
              />
              <span className="payment-package__text">
                <strong>{pkg.name}</strong>
                <span className="muted">
                  {pkg.attempts === 1
                    ? t('payment.attemptOne')
                    : t('payment.attempts', { count: pkg.attempts })}
                </span>
                <span className="payment-package__phase" data-testid="payment-package-phase">
                  {phaseText(t, pkg.phase)}
                </span>
                {pkg.description ? <span className="muted">{pkg.description}</span> : null}
                {pkg.unusable ? (
                  <span className="payment-package__why" data-testid="payment-package-unusable">
                    {notUsableText(t, pkg.unusable)}
                  </span>
                ) : null}
              </span>
              <span className="payment-package__price">
                <Ltr>{formatPkr(pkg.price)}</Ltr>
              </span>
            </label>
          ))}
        </fieldset>

        <TextField
          label={t('payment.promo')}
          dir="ltr"
          value={promoInput}
          onChange={(e) => setPromoInput(e.target.value)}
          onBlur={promo.finish}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          hint={promo.showChecking ? t('common.checking') : (promo.result?.message ?? undefined)}
          error={promo.error}
          data-testid="promo-code-input"
        />

        {options.gateways.length > 1 && !free ? (
          <fieldset className="payment-gateways">
            <legend>{t('payment.payWith')}</legend>
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
            <span className="payment-total__was">
              <Ltr>{formatPkr(promo.result.price)}</Ltr>
            </span>
          ) : null}
          <span>
            {fillTemplate(t('payment.toPay'), {
              amount: (
                <strong>
                  <Ltr>{formatPkr(amount)}</Ltr>
                </strong>
              ),
            })}
          </span>
        </div>

        <Button
          type="submit"
          variant="accent"
          block
          disabled={leaving || payWhenChecked || usable.length === 0}
          data-testid="pay-button"
        >
          {leaving
            ? t('payment.leaving')
            : payWhenChecked
              ? t('common.checking')
              : free
                ? t('payment.getFree')
                : fillTemplate(t('payment.pay'), { amount: <Ltr>{formatPkr(amount)}</Ltr> })}
        </Button>
        {!free ? (
          <p className="muted payment-note">
            {t('payment.payOn', {
              gateway: options.gateways.find((g) => g.id === gateway)?.label ?? t('payment.thePaymentPage'),
            })}
          </p>
        ) : null}
      </form>
    </Card>
  );
}

/** Why a package is not sold to this student (the api refuses it with ATTEMPTS_NOT_USABLE). */
function notUsableText(
  t: Translate,
  why: NonNullable<PaymentOptions['packages'][number]['unusable']>,
): ReactNode {
  return fillTemplate(t(`payment.notUsable.${why.kind}`), {
    phase: <bdi>{why.phase}</bdi>,
    held: <Ltr>{why.held}</Ltr>,
    left: <Ltr>{why.playsLeft}</Ltr>,
    more: <Ltr>{Math.max(0, why.playsLeft - why.held)}</Ltr>,
  });
}

/** Which contest a package's attempts are for (it is sold only until that phase is over). */
function phaseText(t: Translate, phase: PaymentOptions['packages'][number]['phase']): ReactNode {
  if (phase === null) {
    return t('payment.phaseAny');
  }
  return fillTemplate(t(phase.isContestPhase ? 'payment.phaseOpen' : 'payment.phase'), {
    phase: <bdi>{phase.title}</bdi>,
  });
}

/**
 * Checks the typed promo code against the chosen package. While the child types, a check runs after
 * a pause only to show a discount early; whether a code is wrong is said once the child has finished
 * it (left the box or pressed Pay), never halfway through typing it.
 */
function usePromoCheck(input: string, packageId: string) {
  const code = input.trim();
  const [settled, setSettled] = useState('');
  const [finished, setFinished] = useState<string | null>(null);
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
  const checking = code.length >= 3 && (!current || query.isFetching);
  const refused = current && query.isError;
  const judged = finished === code;
  return {
    checking,
    /** "Checking…" only for a code the child has finished typing. */
    showChecking: judged && checking,
    result: current && query.isSuccess ? (query.data as PromoCheck) : null,
    error: judged && refused ? describeStudentError(query.error) : null,
    /** A code that is refused or not checked yet: a payment must wait for it. */
    holdsPayment: checking || refused,
    /** The child is done with the code (left the box, or pressed Pay): check it now and say what it is. */
    finish: () => {
      setSettled(code);
      setFinished(code);
    },
  };
}

function AccessCodeCard() {
  const t = useT();
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
    onError: (err) => setError(describeStudentError(err)),
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
        <h2 id={`${id}-title`}>{t('payment.code.title')}</h2>
        <p className="muted">
          {fillTemplate(t('payment.code.intro'), { example: <Ltr>ABCD-EFGH-JKMN</Ltr> })}
        </p>
        <TextField
          label={t('payment.code.label')}
          dir="ltr"
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
          {redeem.isPending ? t('common.checking') : t('payment.code.use')}
        </Button>
      </form>
    </Card>
  );
}
