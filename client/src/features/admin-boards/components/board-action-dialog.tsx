import { describeError } from '../../../shared/http/http-error';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import type { PhaseOption } from '../api/boards-api';
import { useFreezeBoard, useRevealBoard } from '../api/use-boards';

export type BoardAction = 'freeze' | 'reveal';

interface BoardActionDialogProps {
  action: BoardAction;
  phase: PhaseOption;
  onClose: () => void;
}

/** Asks before freezing or revealing a phase's public board; the server's refusal shows in the dialog. */
export function BoardActionDialog({ action, phase, onClose }: BoardActionDialogProps) {
  const freeze = useFreezeBoard();
  const reveal = useRevealBoard();
  const mutation = action === 'freeze' ? freeze : reveal;
  const confirm = () => mutation.mutate(phase._id, { onSuccess: onClose });
  const error = mutation.isError ? describeError(mutation.error) : null;

  return action === 'freeze' ? (
    <ConfirmDialog
      title="Freeze public board"
      confirmLabel="Freeze board"
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        Freeze the public boards of every grade in <strong>{phase.name}</strong>?
      </p>
      <p>
        Students keep seeing the board exactly as it is now, while ranking continues behind it: new plays
        still count, and each student still sees their own live rank. Reveal the board when the results are
        announced, for the prize ceremony.
      </p>
    </ConfirmDialog>
  ) : (
    <ConfirmDialog
      title="Reveal board"
      confirmLabel="Reveal board"
      pending={mutation.isPending}
      error={error}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>
        Reveal the live standings of <strong>{phase.name}</strong> for the prize ceremony?
      </p>
      <p>
        Every public board of this phase shows the current ranks at once, including plays made while it was
        frozen.
      </p>
    </ConfirmDialog>
  );
}
