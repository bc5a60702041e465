import { type IntegrityPhaseSummary, type IntegrityRunDto, SIGNAL_KINDS } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { ListTable } from '../../../shared/admin-list';
import { formatDay } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { JobProgressBar } from '../../../shared/jobs/job-progress-bar';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Alert } from '../../../shared/ui/surface';
import { isRunning, useIntegrityPhases, usePhaseRun, useStartPhaseRun } from '../api/integrity-checks-api';
import { KIND_LABELS } from './integrity-labels';

const plays = (n: number) => `${n.toLocaleString('en-PK')} ${n === 1 ? 'play' : 'plays'}`;

function RunState({ run, finishedPlays }: { run: IntegrityRunDto; finishedPlays: number }) {
  if (isRunning(run)) {
    const { done, total } = run.progress;
    const percent = total > 0 ? Math.min(100, Math.floor((done / total) * 100)) : 0;
    return (
      <div className="stack" data-testid="ic-running">
        <JobProgressBar progress={percent} label="Phase check progress" testId="ic-progress" />
        <p className="muted" aria-live="polite">
          {run.state === 'waiting'
            ? 'Queued: it starts as soon as a worker is free.'
            : `${done.toLocaleString('en-PK')} of ${plays(total)} checked`}
        </p>
      </div>
    );
  }
  if (run.state === 'failed') {
    return (
      <Alert tone="error" data-testid="ic-failed">
        {run.error ?? 'The check failed.'} The signals found before stay as they were.
      </Alert>
    );
  }
  if (run.state === 'none') {
    return (
      <p className="muted">
        {finishedPlays === 0
          ? 'Nothing to check yet: no finished contest plays.'
          : 'No check in the last hour.'}
      </p>
    );
  }
  if (run.state === 'completed' && run.result) {
    const found = SIGNAL_KINDS.filter((k) => run.result && run.result.signals[k] > 0);
    return (
      <div data-testid="ic-result" aria-live="polite">
        <p>
          Checked {plays(run.result.plays)}:{' '}
          {found.length === 0
            ? 'no signals.'
            : `${found.map((k) => `${KIND_LABELS[k]} ${run.result?.signals[k]}`).join(', ')}.`}
          {run.result.removed > 0
            ? ` ${run.result.removed} earlier ${run.result.removed === 1 ? 'signal' : 'signals'} no longer found, removed.`
            : ''}
        </p>
      </div>
    );
  }
  return null;
}

function PhaseRow({ phase, canRun }: { phase: IntegrityPhaseSummary; canRun: boolean }) {
  const run = usePhaseRun(phase._id);
  const start = useStartPhaseRun(phase._id);
  const [confirming, setConfirming] = useState(false);
  const running = isRunning(run.data);
  return (
    <tr data-testid="ic-phase" data-phase-id={phase._id}>
      <th scope="row" data-label="Phase">
        {phase.name}
        <span className="muted ir-sub">
          {formatDay(phase.startsAt)} – {formatDay(phase.endsAt)}
        </span>
      </th>
      <td data-label="Finished plays" data-testid="ic-finished">
        {phase.finishedPlays.toLocaleString('en-PK')}
      </td>
      <td data-label="Flagged" data-testid="ic-flagged">
        {phase.flaggedPlays > 0 ? (
          <Link to={`${adminPagePath('integrity')}?phaseId=${phase._id}`}>{plays(phase.flaggedPlays)}</Link>
        ) : (
          <span className="muted">none</span>
        )}
      </td>
      <td data-label="Check" className="ic-check-cell">
        <div className="ic-check">
          {run.data ? <RunState run={run.data} finishedPlays={phase.finishedPlays} /> : null}
          {run.isError ? <Alert tone="error">The last check could not be loaded.</Alert> : null}
          {canRun ? (
            <Button
              small
              variant="secondary"
              disabled={running || start.isPending || phase.finishedPlays === 0}
              onClick={() => {
                start.reset();
                setConfirming(true);
              }}
              data-testid="ic-start"
            >
              {running ? 'Checking…' : 'Check this phase'}
            </Button>
          ) : null}
          {confirming ? (
            <ConfirmDialog
              title={`Check ${phase.name}`}
              confirmLabel="Check the phase"
              pending={start.isPending}
              error={start.isError ? describeError(start.error) : null}
              onConfirm={() => start.mutate(undefined, { onSuccess: () => setConfirming(false) })}
              onClose={() => setConfirming(false)}
            >
              <p>
                Look through all {plays(phase.finishedPlays)} of {phase.name} for every signal, copied answers
                included, with the thresholds saved below.
              </p>
              <p>
                The phase's signals are replaced by what this check finds; decisions already taken stay. It
                runs in the background: you can leave this page.
              </p>
            </ConfirmDialog>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/** Every phase with its plays and flags, and a whole-phase check for staff with integrity:update. */
export function PhaseChecks({ canRun }: { canRun: boolean }) {
  const phases = useIntegrityPhases();
  if (phases.isPending) {
    return <p className="muted">Loading phases…</p>;
  }
  if (phases.isError) {
    return <Alert tone="error">The phases could not be loaded: {describeError(phases.error)}</Alert>;
  }
  if (phases.data.length === 0) {
    return <p className="muted">No phases yet.</p>;
  }
  return (
    <ListTable
      rows={phases.data}
      className="data-table data-table--top stacked-table"
      testId="ic-phases"
      columns={['Phase', 'Finished plays', 'Flagged', 'Check']}
      actions={null}
    >
      {(phase) => <PhaseRow key={phase._id} phase={phase} canRun={canRun} />}
    </ListTable>
  );
}
