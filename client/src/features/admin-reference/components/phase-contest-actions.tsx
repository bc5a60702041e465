import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useCan } from '../../../shared/admin-list';
import { Button } from '../../../shared/ui/button';
import type { PhaseContest } from '../api/contest-api';
import type { Phase } from '../api/reference-api';
import { usePhaseContests } from '../api/use-phase-contests';
import { ContestCell, EndContestDialog, ResultsReleaseDialog } from './phase-contest';

type Open = { kind: 'end' | 'results'; phase: Phase; contest: PhaseContest } | null;

/** The phases page's contest column, its row actions and their dialogs. */
export function usePhaseContestActions(): {
  cell: (phase: Phase) => ReactNode;
  buttons: (phase: Phase) => ReactNode;
  dialog: ReactNode;
} {
  const can = useCan('phase');
  const canFreeze = useCan('systemConfigurations')?.('update') ?? false;
  const contests = usePhaseContests(can?.('read') ?? false);
  const [open, setOpen] = useState<Open>(null);
  const byPhase = useMemo(
    () => new Map((contests.data ?? []).map((contest) => [contest.phaseId, contest])),
    [contests.data],
  );
  const mayChange = can?.('update') ?? false;

  const cell = useCallback(
    (phase: Phase) => <ContestCell phase={phase} contest={byPhase.get(phase._id)} />,
    [byPhase],
  );
  const buttons = useCallback(
    (phase: Phase) => {
      const contest = byPhase.get(phase._id);
      // A scheduled contest has nothing to end (its status closes it); results exist once it has ended.
      if (!mayChange || contest === undefined || contest.stage === 'SCHEDULED') {
        return null;
      }
      return contest.stage === 'OPEN' ? (
        <Button
          small
          variant="danger"
          onClick={() => setOpen({ kind: 'end', phase, contest })}
          aria-label={`End contest: ${phase.name}`}
          data-testid="phase-end-contest"
        >
          End contest
        </Button>
      ) : (
        <Button
          small
          variant="secondary"
          onClick={() => setOpen({ kind: 'results', phase, contest })}
          aria-label={`Results of ${phase.name}`}
          data-testid="phase-results"
        >
          Results
        </Button>
      );
    },
    [byPhase, mayChange],
  );
  const close = () => setOpen(null);
  const dialog =
    open === null ? null : open.kind === 'end' ? (
      <EndContestDialog phase={open.phase} contest={open.contest} canFreeze={canFreeze} onClose={close} />
    ) : (
      <ResultsReleaseDialog phase={open.phase} contest={open.contest} onClose={close} />
    );
  return { cell, buttons, dialog };
}
