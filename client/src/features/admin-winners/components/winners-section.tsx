import type { PhaseWinner } from '@riyazi/api/contracts';
import { useId, useState } from 'react';
import { ListTable } from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PasswordConfirmDialog } from '../../../shared/ui/password-confirm-dialog';
import { useRemoveWinner, useWinners } from '../api/use-winners';
import { AutoWinnersDialog } from './auto-winners-dialog';
import { FindStudent } from './find-student';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/ui/surface.css';

interface WinnersSectionProps {
  phase: { _id: string; name: string };
  /** Super Admin with student update: may add and remove winners. */
  mayChange: boolean;
}

export function WinnersSection({ phase, mayChange }: WinnersSectionProps) {
  const phaseId = phase._id;
  const winners = useWinners(phaseId, true);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PhaseWinner | null>(null);
  const headingId = useId();
  const rows = winners.data ?? [];

  return (
    <section className="stack" aria-labelledby={headingId}>
      <div className="spread-row">
        <h3 id={headingId}>Winners</h3>
        {mayChange ? (
          <Button small onClick={() => setAdding(true)} data-testid="winners-auto">
            Add winners automatically
          </Button>
        ) : null}
      </div>
      {mayChange ? <FindStudent phase={phase} /> : null}
      <ListStatus
        query={{
          isPending: winners.isPending,
          isError: winners.isError,
          data: winners.data === undefined ? undefined : { data: winners.data },
          refetch: winners.refetch,
        }}
        loading="Loading winners…"
        error="The winners could not be loaded."
        empty="No winners in this phase yet."
        emptyTestId="winners-empty"
      />
      <ListTable
        rows={rows}
        className="data-table stacked-table winners-table"
        testId="winners-table"
        columns={['Student', 'Grade', 'Position', 'School', 'Added']}
        actions={mayChange ? 'Actions' : null}
      >
        {(w) => (
          <tr key={w._id} data-testid="winner-row">
            <th scope="row" className="winners-table__name">
              {w.student.fullName}
              <span className="muted winners-table__no">{w.student.studentId}</span>
            </th>
            <td data-label="Grade">{w.grade.title}</td>
            <td data-label="Position">{w.position ?? '—'}</td>
            <td data-label="School">{w.student.schoolName ?? '—'}</td>
            <td data-label="Added">{w.method === 'AUTOMATIC' ? 'By rank' : 'Promoted'}</td>
            {mayChange ? (
              <td className="winners-table__actions">
                <Button
                  small
                  variant="ghost"
                  onClick={() => setRemoving(w)}
                  aria-label={`Remove ${w.student.fullName}`}
                  data-testid="winner-remove"
                >
                  Remove
                </Button>
              </td>
            ) : null}
          </tr>
        )}
      </ListTable>
      {adding ? <AutoWinnersDialog phaseId={phaseId} onClose={() => setAdding(false)} /> : null}
      {removing !== null ? <RemoveWinnerDialog winner={removing} onClose={() => setRemoving(null)} /> : null}
    </section>
  );
}

function RemoveWinnerDialog({ winner, onClose }: { winner: PhaseWinner; onClose: () => void }) {
  const remove = useRemoveWinner();
  return (
    <PasswordConfirmDialog
      title="Remove winner"
      confirmLabel="Remove"
      pendingLabel="Removing…"
      pending={remove.isPending}
      error={remove.error}
      onClose={onClose}
      onConfirm={(password) => remove.mutate({ id: winner._id, password }, { onSuccess: onClose })}
      data-testid="remove-winner-dialog"
    >
      <p>
        Remove <strong>{winner.student.fullName}</strong> ({winner.grade.title}) from this phase's winners?
        They leave the champions board at once.
      </p>
    </PasswordConfirmDialog>
  );
}
