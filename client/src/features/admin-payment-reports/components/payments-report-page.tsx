import type { PaymentReportPage } from '@riyazi/api/contracts';
import { lazy, Suspense } from 'react';
import { ListPager, useListUrlState } from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card, LoadingBlock } from '../../../shared/ui/surface';
import { PAYMENT_FETCH_FAILED, usePaymentCsvExport, usePaymentReport } from '../api/use-payment-reports';
import { PaymentFilterPanel } from './payment-filters';
import { csvFilename, filtersOf, formatRupees, PAYMENT_LIST } from './payment-report-query';
import { PaymentsTable } from './payments-table';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './payment-reports.css';

// recharts is big: only this chart loads it, after the rest of the page.
const PaymentsChart = lazy(() => import('./payments-chart'));

function Totals({ page }: { page: PaymentReportPage | undefined }) {
  const tiles = [
    { label: 'Payments', value: page?.totals.count.toLocaleString('en-PK'), id: 'count' },
    { label: 'Paid', value: page?.totals.paidCount.toLocaleString('en-PK'), id: 'paid-count' },
    {
      label: 'Paid amount',
      value: page ? formatRupees(page.totals.paidAmount) : undefined,
      id: 'paid-amount',
    },
  ];
  return (
    <dl className="pr-totals" aria-label="Totals for the filtered payments">
      {tiles.map((tile) => (
        <div key={tile.id} className="pr-total">
          <dt>{tile.label}</dt>
          <dd data-testid={`pr-total-${tile.id}`}>{tile.value ?? '…'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Chart({ page }: { page: PaymentReportPage | undefined }) {
  if (page === undefined) {
    return <div className="pr-chart-box" />;
  }
  if (page.byDay.length === 0) {
    return (
      <p className="muted pr-chart-empty" data-testid="pr-chart-empty">
        No paid payments in this selection.
      </p>
    );
  }
  return (
    <div className="pr-chart-box" data-testid="pr-chart">
      <Suspense fallback={<LoadingBlock label="Loading the chart…" />}>
        <PaymentsChart byDay={page.byDay} />
      </Suspense>
    </div>
  );
}

export function PaymentsReportPage() {
  const list = useListUrlState(PAYMENT_LIST);
  const { query, pager } = list;
  const report = usePaymentReport(query);
  const exporter = usePaymentCsvExport();
  const page = report.data;

  return (
    <div className="stack">
      <PageHeading title="Payments">
        Every checkout with its student, package and result. Dates are days in Pakistan time (the day the
        checkout started), both ends included.
      </PageHeading>
      <PaymentFilterPanel list={list} />

      <Totals page={page} />

      <Card aria-labelledby="pr-chart-title">
        <h2 id="pr-chart-title" className="card__title pr-card-title">
          Paid amount per day, by gateway
        </h2>
        <Chart page={page} />
      </Card>

      <Card className="stack" aria-label="Payments">
        <div className="list-toolbar list-toolbar--center">
          <p className="muted" data-testid="pr-summary">
            {page === undefined ? '\u00a0' : `${page.total} ${page.total === 1 ? 'payment' : 'payments'}`}
          </p>
          <Button
            variant="secondary"
            disabled={exporter.isPending || page === undefined || page.total === 0}
            aria-busy={exporter.isPending}
            onClick={() => exporter.mutate({ filters: filtersOf(query), filename: csvFilename() })}
            data-testid="pr-export"
          >
            {exporter.isPending ? `Exporting ${page?.total ?? ''} payments…` : 'Export CSV'}
          </Button>
        </div>
        <ListStatus
          query={report}
          loading="Loading payments…"
          error={PAYMENT_FETCH_FAILED}
          errorTestId="pr-error"
          empty={list.filtered ? 'No payments match these filters.' : 'No payments yet.'}
          emptyTestId="pr-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <PaymentsTable rows={page.data} busy={report.isFetching} />
        ) : null}
        <ListPager page={page} pager={pager} noun="payments" />
      </Card>
    </div>
  );
}
