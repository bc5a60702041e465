import { hasPermission, type Permission } from '@riyazi/api/contracts';
import { useId, useState } from 'react';
import { formatDateTime } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { RecordOptions, SelectField } from '../../../shared/ui/field';
import { Alert, Card } from '../../../shared/ui/surface';
import type { PhaseOption } from '../api/boards-api';
import { usePhaseOptions, useRankingStatus, useRebuildRankings } from '../api/use-boards';
import { type BoardAction, BoardActionDialog } from './board-action-dialog';
import { GradeStatusTable } from './grade-status-table';
import { useElapsedSeconds } from './use-clock';
import './boards.css';

const READ: Permission = { module: 'systemConfigurations', action: 'read' };
const UPDATE: Permission = { module: 'systemConfigurations', action: 'update' };

const defaultPhase = (options: PhaseOption[]) =>
  (options.find((p) => p.status === 'ACTIVE') ?? options[0])?._id ?? '';

/** On the phases page: each grade's rankings, rebuilding them, and freezing the public board. */
export function PublicBoardsPanel() {
  const auth = useAdminAuth();
  const may = (permission: Permission) =>
    auth !== null && hasPermission(auth.permissions, auth.isSuperAdmin, permission);
  const canRead = may(READ);
  const canUpdate = may(UPDATE);
  const phases = usePhaseOptions(canRead);
  const [chosen, setChosen] = useState('');
  const headingId = useId();
  if (!canRead) {
    return null;
  }
  const options = phases.data ?? [];
  const phaseId = options.some((p) => p._id === chosen) ? chosen : defaultPhase(options);
  const phase = options.find((p) => p._id === phaseId);

  return (
    <Card className="stack boards-panel" aria-labelledby={headingId} data-testid="boards-panel">
      <header className="stack boards-panel__header">
        <h2 id={headingId}>Public boards</h2>
        <p className="muted">
          Each grade's standings as students see them. Rebuild them from every finished contest play, freeze
          the public board before results are announced, and reveal it at the prize ceremony.
        </p>
      </header>
      {phases.isError ? (
        <Alert tone="error">The phases could not be loaded: {describeError(phases.error)}</Alert>
      ) : null}
      {phases.isSuccess && options.length === 0 ? (
        <p className="muted">Add a phase first.</p>
      ) : (
        <SelectField
          className="boards-panel__phase"
          label="Phase"
          value={phaseId}
          disabled={options.length === 0}
          onChange={(event) => setChosen(event.target.value)}
          data-testid="boards-phase"
        >
          <RecordOptions items={options} label={(p) => p.name} />
        </SelectField>
      )}
      {phase !== undefined ? <PhaseBoards key={phase._id} phase={phase} canUpdate={canUpdate} /> : null}
    </Card>
  );
}

function PhaseBoards({ phase, canUpdate }: { phase: PhaseOption; canUpdate: boolean }) {
  const status = useRankingStatus(phase._id);
  const rebuild = useRebuildRankings();
  const [action, setAction] = useState<BoardAction | null>(null);
  const elapsed = useElapsedSeconds(rebuild.isPending);
  const progressId = useId();
  const data = status.data;

  return (
    <div className="stack">
      {status.isError ? (
        <Alert tone="error" data-testid="boards-error">
          <p>The rankings could not be loaded: {describeError(status.error)}</p>
          <Button small variant="secondary" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {data !== undefined ? (
        <div
          className={`boards-state boards-state--${data.frozen ? 'frozen' : 'live'}`}
          data-testid="boards-state"
        >
          <span className="boards-badge">{data.frozen ? 'Frozen' : 'Live'}</span>
          <p>
            {data.frozen
              ? `Students see the board as it was${data.frozenAt === null ? '' : ` at ${formatDateTime(data.frozenAt)}`}, while ranking goes on underneath.`
              : 'Students see the standings as they change.'}
          </p>
        </div>
      ) : null}
      {canUpdate && data !== undefined ? (
        <div className="boards-actions">
          <Button
            disabled={rebuild.isPending}
            onClick={() => rebuild.mutate(phase._id)}
            aria-describedby={rebuild.isPending ? progressId : undefined}
            data-testid="boards-rebuild"
          >
            {rebuild.isPending ? 'Rebuilding…' : 'Rebuild rankings'}
          </Button>
          {data.frozen ? (
            <Button variant="accent" onClick={() => setAction('reveal')} data-testid="boards-reveal">
              Reveal board
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => setAction('freeze')} data-testid="boards-freeze">
              Freeze public board
            </Button>
          )}
        </div>
      ) : null}
      {rebuild.isPending ? (
        <p className="boards-progress" id={progressId} role="status" data-testid="boards-progress">
          <span className="spinner" aria-hidden="true" />
          <span>
            Rebuilding the rankings of {phase.name}…{' '}
            <span className="boards-progress__time">{elapsed} s</span>
          </span>
        </p>
      ) : null}
      <GradeStatusTable status={status} />
      {action !== null ? (
        <BoardActionDialog action={action} phase={phase} onClose={() => setAction(null)} />
      ) : null}
    </div>
  );
}
