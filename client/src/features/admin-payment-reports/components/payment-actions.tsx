import type { PaymentReportRow } from '@riyazi/api/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-hot-toast';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { Dialog } from '../../../shared/ui/dialog';
import { TextAreaField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import { type PaymentAction, paymentReportKeys, postPaymentAction } from '../api/payment-reports-api';

const ACTIONS: Record<
  PaymentAction,
  { label: string; title: string; explain: (row: PaymentReportRow) => string }
> = {
  cancel: {
    label: 'Cancel',
    title: 'Cancel this pending payment?',
    explain: (row) =>
      `Order ${row.orderRef} is closed as cancelled and any promo code use it holds goes back. If the gateway confirms it later, the family is still credited.`,
  },
  'mark-paid': {
    label: 'Mark paid',
    title: 'Mark this payment paid?',
    explain: (row) =>
      `Use this when the money reached us another way (a bank transfer). ${row.student.fullName} gets ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'} and a receipt.`,
  },
  refund: {
    label: 'Refund',
    title: 'Record a refund?',
    explain: (row) =>
      `Record that the money for order ${row.orderRef} went back to the family. Of its ${row.attempts} ${row.attempts === 1 ? 'attempt' : 'attempts'}, those ${row.student.fullName} has not used yet are taken back (none, if all are used; the refund is still recorded).`,
  },
};

/** What staff may do with a payment in its state (the api refuses the rest with 409). */
export function actionsFor(row: PaymentReportRow): PaymentAction[] {
  switch (row.status) {
    case 'PENDING':
      return ['cancel', 'mark-paid'];
    case 'CANCELLED':
    case 'EXPIRED':
    case 'FAILED':
      return ['mark-paid'];
    case 'PAID':
      return row.amount > 0 ? ['refund'] : [];
    default:
      return [];
  }
}

/** The row's action buttons; each asks the table to open its confirm dialog (with a reason). */
export function PaymentRowActions({
  row,
  onAct,
}: {
  row: PaymentReportRow;
  onAct: (row: PaymentReportRow, action: PaymentAction) => void;
}) {
  const actions = actionsFor(row);
  if (actions.length === 0) {
    return null;
  }
  return (
    <span className="row-actions pr-actions">
      {actions.map((action) => (
        <Button
          key={action}
          small
          variant={action === 'mark-paid' ? 'secondary' : 'ghost'}
          className={action === 'mark-paid' ? undefined : 'danger-action'}
          onClick={() => onAct(row, action)}
          aria-label={`${ACTIONS[action].label} payment ${row.orderRef}`}
          data-testid={`pr-action-${action}`}
        >
          {ACTIONS[action].label}
        </Button>
      ))}
    </span>
  );
}

/** Confirms a staff action on a payment; the reason is required and kept in the audit log. */
export function PaymentActionDialog({
  row,
  action,
  onClose,
}: {
  row: PaymentReportRow;
  action: PaymentAction;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const run = useMutation({
    mutationFn: () => postPaymentAction(action, row._id, reason.trim()),
    onSuccess: (result) => {
      toast.success(result.message);
      void queryClient.invalidateQueries({ queryKey: paymentReportKeys.root });
      onClose();
    },
  });
  const tooShort = reason.trim().length < 3;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!tooShort && !run.isPending) {
      run.mutate();
    }
  };
  const spec = ACTIONS[action];
  return (
    <Dialog title={spec.title} onClose={onClose} data-testid="pr-action-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <p>{spec.explain(row)}</p>
        <TextAreaField
          label="Reason (kept in the audit log)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={300}
          rows={3}
          error={touched && tooShort ? 'Please give a reason (at least 3 characters).' : null}
          data-testid="pr-action-reason"
        />
        {run.isError ? (
          <Alert tone="error" data-testid="pr-action-error">
            {describeError(run.error)}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={run.isPending}>
            Close
          </Button>
          <Button
            type="submit"
            variant={action === 'mark-paid' ? 'primary' : 'danger'}
            disabled={run.isPending}
            data-testid="pr-action-confirm"
          >
            {run.isPending ? 'Please wait…' : spec.label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
