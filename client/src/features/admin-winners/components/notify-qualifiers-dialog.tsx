import { describeError } from '../../../shared/http/http-error';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { LoadingBlock } from '../../../shared/ui/surface';
import { useNotifyPreview, useNotifyQualifiers } from '../api/use-winners';

interface NotifyQualifiersDialogProps {
  phaseId: string;
  phaseName: string;
  onClose: () => void;
}

const qualifiers = (n: number) => `${n} qualifier${n === 1 ? '' : 's'}`;

/**
 * Asks before e-mailing the next phase's qualifiers, saying how many will hear; the server refuses
 * (and the dialog says why) while the phase's ranks are not final.
 */
export function NotifyQualifiersDialog({ phaseId, phaseName, onClose }: NotifyQualifiersDialogProps) {
  const preview = useNotifyPreview(phaseId);
  const notify = useNotifyQualifiers();
  const data = preview.data;
  const error = notify.isError
    ? describeError(notify.error)
    : preview.isError
      ? describeError(preview.error)
      : (data?.blocked ?? null);
  const pending = data !== undefined && data.blocked === null ? data.pending : 0;
  const nextName = data?.nextPhase?.name ?? 'the next phase';

  return (
    <ConfirmDialog
      title="E-mail qualifiers"
      confirmLabel={`E-mail ${qualifiers(pending)}`}
      pending={notify.isPending}
      error={error}
      onConfirm={pending > 0 ? () => notify.mutate(phaseId, { onSuccess: onClose }) : undefined}
      onClose={onClose}
    >
      {preview.isPending ? <LoadingBlock label="Counting qualifiers…" /> : null}
      {data !== undefined && data.blocked === null ? (
        pending > 0 ? (
          <p data-testid="notify-count">
            E-mail <strong>{qualifiers(pending)}</strong> of {phaseName} that they may take{' '}
            <strong>{nextName}</strong>? Each of them is told once, and may then start it.
          </p>
        ) : (
          <p data-testid="notify-count">Every qualifier of {phaseName} has already been e-mailed.</p>
        )
      ) : null}
    </ConfirmDialog>
  );
}
