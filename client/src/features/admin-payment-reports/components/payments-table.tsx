import type { PaymentReportRow } from '@riyazi/api/contracts';
import { useState } from 'react';
import { useCan } from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import type { PaymentAction } from '../api/payment-reports-api';
import { usePaymentGatewayLabel } from '../api/use-payment-reports';
import { PaymentActionDialog, PaymentRowActions } from './payment-actions';
import { formatRupees } from './payment-report-query';
import { StatusBadge } from './status-badge';
import { StudentLink } from './student-link';

export function PaymentsTable({ rows, busy }: { rows: PaymentReportRow[]; busy: boolean }) {
  const gatewayLabel = usePaymentGatewayLabel();
  const canSettle = useCan('paymentTransactions')?.('update') ?? false;
  const [acting, setActing] = useState<{ row: PaymentReportRow; action: PaymentAction } | null>(null);
  return (
    <>
      <table
        className="data-table data-table--top data-table--compact stacked-table--wide pr-table"
        data-testid="pr-table"
        aria-busy={busy}
      >
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Created</th>
            <th scope="col">Student</th>
            <th scope="col">Package</th>
            <th scope="col">Status</th>
            <th scope="col">Gateway</th>
            <th scope="col" className="pr-num">
              Amount
            </th>
            <th scope="col">Paid</th>
            {canSettle ? <th scope="col">Actions</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} data-testid="pr-row" data-order-ref={row.orderRef}>
              <th scope="row" className="pr-order">
                <span className="pr-mono">{row.orderRef}</span>
              </th>
              <td data-label="Created">{formatDateTime(row.createdAt)}</td>
              <td data-label="Student" className="pr-student">
                <span className="pr-cell">
                  <StudentLink student={row.student} />
                  <span className="muted pr-meta">
                    No. {row.student.studentNo}
                    {row.student.grade ? ` · ${row.student.grade.title}` : ''}
                    {row.student.city ? ` · ${row.student.city}` : ''}
                  </span>
                </span>
              </td>
              <td data-label="Package">
                <span className="pr-cell">
                  <span>{row.package.name}</span>
                  <span className="muted pr-meta">
                    {row.attempts} {row.attempts === 1 ? 'attempt' : 'attempts'}
                  </span>
                </span>
              </td>
              <td data-label="Status" data-testid="pr-status">
                <StatusBadge status={row.status} />
              </td>
              <td data-label="Gateway">
                <span className="pr-cell">
                  <span>{gatewayLabel(row.gateway)}</span>
                  {row.gatewayRef ? <span className="muted pr-meta pr-mono">{row.gatewayRef}</span> : null}
                </span>
              </td>
              <td data-label="Amount" className="pr-num" data-testid="pr-amount">
                <span className="pr-cell">
                  <span>{formatRupees(row.amount)}</span>
                  {row.discount > 0 ? (
                    <>
                      <span className="muted pr-meta">List {formatRupees(row.listPrice)}</span>
                      <span className="muted pr-meta">
                        {row.promoCode ?? 'Discount'} −{formatRupees(row.discount)}
                      </span>
                    </>
                  ) : null}
                </span>
              </td>
              <td data-label="Paid">{formatDateTime(row.paidAt)}</td>
              {canSettle ? (
                <td data-label="Actions" className="pr-actions-cell">
                  <PaymentRowActions row={row} onAct={(r, action) => setActing({ row: r, action })} />
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {acting !== null ? (
        <PaymentActionDialog row={acting.row} action={acting.action} onClose={() => setActing(null)} />
      ) : null}
    </>
  );
}
