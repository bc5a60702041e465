import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { Alert } from './surface';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
  'data-testid'?: string;
}

/** A modal on the native <dialog>: focus stays inside, Escape closes it. Mount it to open it. */
export function Dialog({ title, onClose, children, wide = false, 'data-testid': testId }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog !== null && !dialog.open) {
      dialog.showModal();
    }
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog--wide' : 'dialog'}
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid={testId}
    >
      <header className="dialog__header">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="dialog__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </header>
      <div className="dialog__body">{children}</div>
    </dialog>
  );
}

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  /** Without it the dialog only explains (e.g. why a delete is not possible yet). */
  onConfirm?: (() => void) | undefined;
  /** The server's refusal (e.g. what still uses the row), shown in place of the confirm button. */
  error?: string | null;
  onClose: () => void;
}

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  pending,
  onConfirm,
  error = null,
  onClose,
}: ConfirmDialogProps) {
  const canConfirm = onConfirm !== undefined && error === null;
  return (
    <Dialog title={title} onClose={onClose} data-testid="confirm-dialog">
      <div className="stack">
        {children}
        {error !== null ? (
          <Alert tone="error" data-testid="confirm-error">
            {error}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {canConfirm ? 'Cancel' : 'Close'}
          </Button>
          {canConfirm ? (
            <Button variant="danger" onClick={onConfirm} disabled={pending} data-testid="confirm-action">
              {pending ? 'Please wait…' : confirmLabel}
            </Button>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}

/** A form dialog's footer: Cancel, then the submit button, which reads pendingLabel while the form is sent. */
export function DialogFormActions({
  onCancel,
  pending,
  label,
  pendingLabel = 'Saving…',
  disabled = false,
  testId,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel?: string;
  /** The form cannot be sent yet (beyond the pending request). */
  disabled?: boolean;
  testId: string;
}) {
  return (
    <div className="dialog__actions">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled} data-testid={testId}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
