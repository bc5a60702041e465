import type { MyStanding, PhaseProgress } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatStudentDate } from '../../../shared/format/student-dates';
import { studentHttp } from '../../../shared/http/clients';
import { Ltr, useLanguage, useT } from '../../../shared/i18n';
import { STUDENT_KEY_ROOT } from '../../../shared/query/query-meta';
import { useSystemFlags } from '../../../shared/session/use-session';
import { fillTemplate } from '../../../shared/ui/fill-template';
import { Card } from '../../../shared/ui/surface';

/** The student's standing in the contest phase, what just ended and what comes next (flags nextPhase / previousPhase). */
export function PhaseStandingCard() {
  const t = useT();
  const language = useLanguage();
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
  const bold = (value: string | number) => (
    <strong>
      <Ltr>{value}</Ltr>
    </strong>
  );
  return (
    <Card className="dash-callout" aria-labelledby="dash-standing-title" data-testid="phase-standing-card">
      <h2 id="dash-standing-title">{t('dashboard.standing.title')}</h2>
      {mine && mine.rank !== null ? (
        <p data-testid="my-rank">
          {/* The count is that of the last ranking: a board being ranked again may lag the rank. */}
          {fillTemplate(
            t(mine.rankedCount >= mine.rank ? 'dashboard.standing.rankOf' : 'dashboard.standing.rankOnly'),
            {
              rank: bold(mine.rank),
              count: <Ltr>{mine.rankedCount}</Ltr>,
              score: bold((mine.score ?? 0).toFixed(2)),
            },
          )}
        </p>
      ) : phaseId ? (
        <p className="muted" data-testid="my-rank">
          {t('dashboard.standing.notRanked')}
        </p>
      ) : null}
      {previous ? (
        <p className="muted" data-testid="previous-phase">
          {fillTemplate(t('dashboard.standing.ended'), {
            phase: <bdi>{previous.title}</bdi>,
            date: <bdi>{formatStudentDate(previous.endedAt, language, 'short')}</bdi>,
          })}
        </p>
      ) : null}
      {next ? (
        <p data-testid="next-phase">
          {fillTemplate(t('dashboard.standing.nextPhase'), {
            phase: (
              <strong>
                <bdi>{next.title}</bdi>
              </strong>
            ),
            date: <bdi>{formatStudentDate(next.startsAt, language, 'short')}</bdi>,
          })}{' '}
          {t(
            qualified === true
              ? 'dashboard.standing.qualified'
              : qualified === false
                ? 'dashboard.standing.notQualified'
                : 'dashboard.standing.topMoveOn',
          )}
        </p>
      ) : null}
    </Card>
  );
}
