import { type ReactNode, useState } from 'react';
import { describeError } from '../http/http-error';
import { ConfirmDialog } from '../ui/dialog';

/** The parts of a delete (or revoke) mutation the confirmation uses; its toasts live with the mutation. */
export interface RowMutation {
  isPending: boolean;
  error: Error | null;
  reset: () => void;
  mutate: (id: string, options: { onSuccess: () => void }) => void;
}

/** Which row awaits confirmation, and confirm/close wired to the mutation. */
export function useDeleteConfirm<T extends { _id: string }>(mutation: RowMutation) {
  const [target, setTarget] = useState<T | null>(null);
  const close = () => {
    setTarget(null);
    mutation.reset();
  };
  return {
    target,
    ask: (row: T) => setTarget(row),
    close,
    confirm: (row: T) => mutation.mutate(row._id, { onSuccess: close }),
    mutation,
  };
}

export type DeleteConfirm<T extends { _id: string }> = ReturnType<typeof useDeleteConfirm<T>>;

/**
 * The one confirmation before a row is deleted or revoked: the server's refusal shows in the dialog
 * (unless the mutation toasts it), and a row that cannot go only gets an explanation.
 */
export function DeleteConfirmDialog<T extends { _id: string }>({
  state,
  title,
  confirmLabel = 'Delete',
  showError = true,
  allowed,
  children,
}: {
  state: DeleteConfirm<T>;
  title: string;
  confirmLabel?: string;
  showError?: boolean;
  /** False for a row that cannot be deleted yet: the dialog only explains. */
  allowed?: (row: T) => boolean;
  children: (row: T) => ReactNode;
}) {
  const { target, mutation } = state;
  if (target === null) {
    return null;
  }
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={confirmLabel}
      pending={mutation.isPending}
      error={showError && mutation.error !== null ? describeError(mutation.error) : null}
      onClose={state.close}
      onConfirm={allowed === undefined || allowed(target) ? () => state.confirm(target) : undefined}
    >
      {children(target)}
    </ConfirmDialog>
  );
}
