import { type FormEvent, useState } from 'react';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { useCandidate } from '../api/use-winners';
import { canPromote } from './can-promote';
import { PromoteStudentModal } from './promote-student-modal';

/** Finds a student by number to promote them by hand (a tie, or a prize the ranking cannot see). */
export function FindStudent({ phase }: { phase: { _id: string; name: string } }) {
  const phaseId = phase._id;
  const auth = useAdminAuth();
  const [text, setText] = useState('');
  const [studentNo, setStudentNo] = useState<number | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [promoting, setPromoting] = useState(false);
  const candidate = useCandidate(phaseId, studentNo);
  const found = candidate.data;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = text.trim();
    if (!/^\d{1,12}$/.test(value)) {
      setInvalid(true);
      return;
    }
    setStudentNo(Number(value));
  };

  return (
    <div className="stack winners-find">
      <form className="winners-find__form" onSubmit={onSubmit} noValidate>
        <TextField
          className="winners-find__field"
          label="Promote a student"
          hint="Their student number, e.g. 100009."
          inputMode="numeric"
          autoComplete="off"
          value={text}
          error={invalid ? 'Enter a student number.' : null}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          data-testid="find-student-no"
        />
        <Button type="submit" variant="secondary" data-testid="find-student">
          Find
        </Button>
      </form>
      {candidate.isFetching && found === undefined ? <LoadingBlock label="Finding the student…" /> : null}
      {candidate.isError ? (
        <Alert tone="error" data-testid="find-student-error">
          {describeError(candidate.error)}
        </Alert>
      ) : null}
      {found !== undefined && studentNo !== null ? (
        <div className="winners-candidate" data-testid="candidate">
          <div>
            <p className="winners-candidate__name">{found.fullName}</p>
            <p className="muted">
              Student {found.studentId} · {found.gradeTitle ?? 'No grade'} ·{' '}
              {found.rank === null ? 'not ranked in this phase' : `rank ${found.rank}`}
            </p>
          </div>
          {canPromote(auth, found.addWinner) && found.gradeId !== null ? (
            <Button small onClick={() => setPromoting(true)} data-testid="candidate-promote">
              Promote
            </Button>
          ) : (
            <span className="muted" data-testid="candidate-status">
              {found.gradeId === null ? 'Has no grade' : 'Already a winner'}
            </span>
          )}
          <PromoteStudentModal
            open={promoting}
            onClose={() => setPromoting(false)}
            student={{
              _id: found._id,
              fullName: found.fullName,
              gradeId: found.gradeId ?? '',
              gradeTitle: found.gradeTitle ?? '',
            }}
            phase={phase}
            played={found.played}
          />
        </div>
      ) : null}
    </div>
  );
}
