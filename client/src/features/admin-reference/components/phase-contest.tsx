import { CONTEST_STAGE_LABELS, type ContestStage } from '@riyazi/api/contracts';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../shared/format/date-time';
import { fromLocalInput, LOCAL_INPUT_ZONE_HINT, toLocalInput } from '../../../shared/format/local-input';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { CheckboxField } from '../../../shared/ui/choice-fields';
import { Dialog, DialogFormActions } from '../../../shared/ui/dialog';
import { TextField } from '../../../shared/ui/field';
import { Alert } from '../../../shared/ui/surface';
import type { PhaseContest } from '../api/contest-api';
import { useEndContest, useResultsRelease } from '../api/use-phase-contests';
import type { Phase } from '../api/reference-api';

const BADGE: Record<ContestStage, string> = {
  SCHEDULED: 'list-badge',
  OPEN: 'list-badge list-badge--open',
  CLOSING: 'list-badge list-badge--closing',
  CLOSED: 'list-badge list-badge--withheld',
  RELEASED: 'list-badge',
};

/** One line saying where the phase's contest stands and what comes next. */
export function contestDetail(phase: Pick<Phase, 'status' | 'startsAt'>, contest: PhaseContest): string {
  switch (contest.stage) {
    case 'SCHEDULED':
      return phase.status === 'UPCOMING'
        ? 'Not open: set the status to Active to open it on its dates.'
        : `Opens ${formatDateTime(phase.startsAt)}.`;
    case 'OPEN':
      return `Takes starts until ${formatDateTime(contest.startsStopAt)}.`;
    case 'CLOSING':
      return `No new starts; plays in progress finish by ${formatDateTime(contest.playsEndBy)}.`;
    case 'CLOSED':
      return contest.resultsReleaseAt === null
        ? 'Every play has finished. Results are withheld until you release them.'
        : `Every play has finished. Results open ${formatDateTime(contest.resultsReleaseAt)}.`;
    case 'RELEASED':
      return `Results and answers shown since ${formatDateTime(contest.resultsReleaseAt)}.`;
  }
}

export function ContestCell({ phase, contest }: { phase: Phase; contest: PhaseContest | undefined }) {
  if (contest === undefined) {
    return <span className="muted">—</span>;
  }
  return (
    <span className="phase-contest" data-testid="phase-contest">
      <span className={BADGE[contest.stage]} data-testid="phase-contest-stage">
        {CONTEST_STAGE_LABELS[contest.stage]}
      </span>{' '}
      <span className="muted">{contestDetail(phase, contest)}</span>
    </span>
  );
}

/** The release time field: empty keeps results withheld; the value is Pakistan time. */
function ReleaseField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <TextField
      label="Release results and answers at"
      type="datetime-local"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      hint={`${LOCAL_INPUT_ZONE_HINT}. Leave empty to keep them withheld until you choose. They never open before the last play has finished.`}
      error={error}
      data-testid="release-at"
    />
  );
}

/** How long the longest play of the phase can last. */
const longestPlayMs = (contest: PhaseContest) =>
  Date.parse(contest.playsEndBy) - Date.parse(contest.startsStopAt);

/** '' → null (withheld); an impossible date → undefined (the field says so). */
function releaseValue(input: string): string | null | undefined {
  if (input.trim() === '') {
    return null;
  }
  return fromLocalInput(input) ?? undefined;
}

/**
 * "End the contest": one confirmed action. No new starts from now, plays in progress finish within
 * their clocks, results withheld until the chosen time; optionally the public boards freeze.
 */
export function EndContestDialog({
  phase,
  contest,
  canFreeze,
  onClose,
}: {
  phase: Phase;
  contest: PhaseContest;
  canFreeze: boolean;
  onClose: () => void;
}) {
  const end = useEndContest();
  const [releaseAt, setReleaseAt] = useState('');
  const [freezeBoards, setFreezeBoards] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resultsReleaseAt = releaseValue(releaseAt);
    if (resultsReleaseAt === undefined) {
      setProblem('Enter a real date and time, or leave it empty.');
      return;
    }
    setProblem(null);
    end.mutate({ phaseId: phase._id, resultsReleaseAt, freezeBoards }, { onSuccess: onClose });
  };
  return (
    <Dialog title={`End the contest of ${phase.name}`} onClose={onClose} data-testid="end-contest-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <ul className="phase-contest__effects">
          <li>No student can start this contest from now on; they are told it has ended.</li>
          <li>
            {contest.stage === 'OPEN'
              ? `Plays already started finish within their clocks: by ${formatDateTime(
                  new Date(Date.now() + longestPlayMs(contest)).toISOString(),
                )} at the latest.`
              : 'The contest has not opened yet, so nobody is playing it.'}
          </li>
          <li>Scores, answers, winners and certificates stay withheld until the release time.</li>
        </ul>
        <ReleaseField value={releaseAt} onChange={setReleaseAt} error={problem} />
        {canFreeze ? (
          <CheckboxField
            label="Also freeze the public boards now (reveal them on the Leaderboards page)"
            checked={freezeBoards}
            onCheckedChange={setFreezeBoards}
            data-testid="end-contest-freeze"
          />
        ) : null}
        {end.isError ? (
          <Alert tone="error" data-testid="end-contest-error">
            {describeError(end.error)}
          </Alert>
        ) : null}
        <DialogFormActions
          onCancel={onClose}
          pending={end.isPending}
          label="End the contest"
          pendingLabel="Ending…"
          testId="end-contest-confirm"
        />
      </form>
    </Dialog>
  );
}

/** When the phase's results and review open: a time, now, or withheld. */
export function ResultsReleaseDialog({
  phase,
  contest,
  onClose,
}: {
  phase: Phase;
  contest: PhaseContest;
  onClose: () => void;
}) {
  const release = useResultsRelease();
  const [releaseAt, setReleaseAt] = useState(toLocalInput(contest.resultsReleaseAt));
  const [problem, setProblem] = useState<string | null>(null);
  const send = (resultsReleaseAt: string | null) =>
    release.mutate({ phaseId: phase._id, resultsReleaseAt }, { onSuccess: onClose });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const resultsReleaseAt = releaseValue(releaseAt);
    if (resultsReleaseAt === undefined) {
      setProblem('Enter a real date and time, or leave it empty.');
      return;
    }
    setProblem(null);
    send(resultsReleaseAt);
  };
  return (
    <Dialog title={`Results of ${phase.name}`} onClose={onClose} data-testid="results-release-dialog">
      <form className="stack" onSubmit={submit} noValidate>
        <p>
          From the release time every student sees their scores and which answers were right, the champions
          board shows the winners, and qualifier e-mails and certificates can go out.
        </p>
        <ReleaseField value={releaseAt} onChange={setReleaseAt} error={problem} />
        {release.isError ? (
          <Alert tone="error" data-testid="results-release-error">
            {describeError(release.error)}
          </Alert>
        ) : null}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onClose} disabled={release.isPending}>
            Cancel
          </Button>
          <Button
            variant="secondary"
            onClick={() => send(new Date().toISOString())}
            disabled={release.isPending}
            data-testid="results-release-now"
          >
            Release now
          </Button>
          <Button type="submit" disabled={release.isPending} data-testid="results-release-save">
            {release.isPending ? 'Saving…' : 'Save release time'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
