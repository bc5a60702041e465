import type { MyStanding, PhaseProgress } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { studentHttp } from '../../../shared/http/clients';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { useSystemFlags } from '../../../shared/session/use-session';
import { Card } from '../../../shared/ui/surface';

const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Karachi',
});

/** The student's standing in the contest phase, what just ended and what comes next (flags nextPhase / previousPhase). */
export function PhaseStandingCard() {
  const { flags } = useSystemFlags();
  const phaseId = flags.contestQuizPhase || null;
  const standing = useQuery({
    queryKey: [STUDENT_KEY_ROOT, 'leaderboard', 'me', phaseId],
    queryFn: ({ signal }) =>
      studentHttp.get<MyStanding>('/leaderboard/me', { query: { phaseId: phaseId as string }, signal }),
    enabled: phaseId !== null,
    staleTime: 15_000,
  });
  const progress = useQuery({
    queryKey: [STUDENT_KEY_ROOT, 'phase', 'progress'],
    queryFn: ({ signal }) => studentHttp.get<PhaseProgress>('/phase/progress', { signal }),
    staleTime: 60_000,
  });
  const mine = standing.data;
  const next = progress.data?.nextPhase ?? null;
  const previous = progress.data?.previousPhase ?? null;
  const qualified = progress.data?.qualifiedForNext ?? null;
  if (!phaseId && !next && !previous) {
    return null;
  }
  return (
    <Card className="dash-callout" aria-labelledby="dash-standing-title" data-testid="phase-standing-card">
      <h2 id="dash-standing-title">Your standing</h2>
      {mine && mine.rank !== null ? (
        <p data-testid="my-rank">
          Rank <strong>{mine.rank}</strong>
          {/* The count is that of the last ranking: a board being ranked again may lag the rank. */}
          {mine.rankedCount >= mine.rank ? ` of ${mine.rankedCount}` : ''} in your grade, with a score of{' '}
          <strong>{(mine.score ?? 0).toFixed(2)}</strong>. Your best contest attempt counts.
        </p>
      ) : phaseId ? (
        <p className="muted" data-testid="my-rank">
          Not ranked yet: finish a contest attempt to get your rank.
        </p>
      ) : null}
      {previous ? (
        <p className="muted" data-testid="previous-phase">
          {previous.title} ended on {day.format(new Date(previous.endedAt))}.
        </p>
      ) : null}
      {next ? (
        <p data-testid="next-phase">
          Next: <strong>{next.title}</strong>, from {day.format(new Date(next.startsAt))}.{' '}
          {qualified === true
            ? 'Well done: you qualified for it!'
            : qualified === false
              ? 'It is for the top students of each grade; you did not qualify this time. Keep practising!'
              : 'The top students of each grade move on to it.'}
        </p>
      ) : null}
    </Card>
  );
}
