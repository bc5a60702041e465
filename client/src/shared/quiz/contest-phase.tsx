import type { ContestStateDto } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatStudentDate, formatStudentTime } from '../format/student-dates';
import { useLanguage, useT } from '../i18n';
import { studentHttp } from '../http/clients';
import { STUDENT_KEY_ROOT } from '../query/query-meta';

/** GET /api/contestPhase/active: the contest phase and where its lifecycle stands. */
export interface ContestPhase {
  _id: string;
  name: string;
  startsAt: string;
  contest: ContestStateDto;
}

const contestPhaseKey = [STUDENT_KEY_ROOT, 'contest-phase'] as const;

async function fetchContestPhase(signal?: AbortSignal): Promise<ContestPhase | null> {
  return (await studentHttp.get<{ data: ContestPhase | null }>('/contestPhase/active', { signal })).data;
}

/**
 * Why no contest can be started, when the lifecycle says so: not started yet, or ended (with when
 * the results will show). Null while the contest is open (the caller's own "nothing for your
 * grade" then stands) or unknown.
 */
export function ContestClosedNote() {
  const t = useT();
  const language = useLanguage();
  const phase = useQuery({
    queryKey: contestPhaseKey,
    queryFn: ({ signal }) => fetchContestPhase(signal),
    staleTime: 0,
    meta: { silent: true },
  });
  const data = phase.data;
  if (!data || data.contest.stage === 'OPEN') {
    return null;
  }
  const when = (iso: string) => ({
    date: formatStudentDate(iso, language),
    time: formatStudentTime(iso, language),
  });
  if (data.contest.stage === 'SCHEDULED') {
    return (
      <p data-testid="contest-note" data-stage="SCHEDULED">
        {t('quiz.contestState.notStarted', { phase: data.name, ...when(data.startsAt) })}
      </p>
    );
  }
  const release = data.contest.resultsReleaseAt;
  const results =
    data.contest.stage === 'RELEASED'
      ? t('quiz.contestState.resultsOut')
      : release === null
        ? t('quiz.contestState.resultsSoon')
        : t('quiz.contestState.resultsOn', when(release));
  return (
    <p data-testid="contest-note" data-stage={data.contest.stage}>
      {t('quiz.contestState.ended', { phase: data.name })} {results}
    </p>
  );
}
