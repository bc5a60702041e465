import { DEFAULT_WINNERS_PER_GRADE, MAX_WINNERS_PER_GRADE } from '@riyazi/api/contracts';
import { useState } from 'react';
import { TextField } from '../../../shared/ui/field';
import { PasswordConfirmDialog } from '../../../shared/ui/password-confirm-dialog';
import { useAutoWinners } from '../api/use-winners';

/** The top N of every grade's ranking become winners; students who already are stay as they are. */
export function AutoWinnersDialog({ phaseId, onClose }: { phaseId: string; onClose: () => void }) {
  const [topN, setTopN] = useState(String(DEFAULT_WINNERS_PER_GRADE));
  const [topNError, setTopNError] = useState<string | null>(null);
  const create = useAutoWinners();
  const confirm = (password: string) => {
    const n = Number(topN);
    if (!Number.isInteger(n) || n < 1 || n > MAX_WINNERS_PER_GRADE) {
      setTopNError(`Enter a whole number from 1 to ${MAX_WINNERS_PER_GRADE}.`);
      return;
    }
    create.mutate({ phaseId, password, topN: n }, { onSuccess: onClose });
  };
  return (
    <PasswordConfirmDialog
      title="Add winners automatically"
      confirmLabel="Add winners"
      pendingLabel="Adding…"
      pending={create.isPending}
      error={create.error}
      onClose={onClose}
      onConfirm={confirm}
      data-testid="auto-winners-dialog"
    >
      <p>The top of every grade's ranking in this phase become its winners, in rank order.</p>
      <TextField
        label="Winners per grade"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_WINNERS_PER_GRADE}
        value={topN}
        error={topNError}
        disabled={create.isPending}
        onChange={(event) => {
          setTopN(event.target.value);
          setTopNError(null);
        }}
        data-testid="auto-winners-top-n"
      />
    </PasswordConfirmDialog>
  );
}
