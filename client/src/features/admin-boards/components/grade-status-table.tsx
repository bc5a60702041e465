import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime, formatShortDateTime } from '../../../shared/format/date-time';
import { LoadingBlock } from '../../../shared/ui/surface';
import type { GradeRankingStatus, RankingStatus } from '../api/boards-api';
import { formatDuration, relativeTime } from './board-status';
import { useNow } from './use-clock';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';

/** Per grade of the phase: students ranked, when (and how fast) and what the public board shows. */
export function GradeStatusTable({ status }: { status: UseQueryResult<RankingStatus> }) {
  const now = useNow(30_000);
  if (status.isPending) {
    return <LoadingBlock label="Loading the rankings…" />;
  }
  const data = status.data;
  if (data === undefined) {
    return null;
  }
  if (data.grades.length === 0) {
    return (
      <p className="muted" data-testid="boards-empty">
        No active grades yet.
      </p>
    );
  }
  return (
    <table className="data-table stacked-table boards-table" data-testid="boards-table">
      <thead>
        <tr>
          <th scope="col">Grade</th>
          <th scope="col">Ranked students</th>
          <th scope="col">Last computed</th>
          <th scope="col">Public board</th>
        </tr>
      </thead>
      <tbody>
        {data.grades.map((grade) => (
          <GradeRow key={grade.gradeId} grade={grade} frozenAt={data.frozenAt} now={now} />
        ))}
      </tbody>
    </table>
  );
}

interface GradeRowProps {
  grade: GradeRankingStatus;
  frozenAt: string | null;
  now: Date;
}

function GradeRow({ grade, frozenAt, now }: GradeRowProps) {
  return (
    <tr data-testid="boards-row" data-grade={grade.title}>
      <th scope="row" className="boards-table__grade">
        {grade.title}
      </th>
      <td data-label="Ranked students" data-testid="boards-ranked">
        {grade.rankedCount}
      </td>
      <td data-label="Last computed">
        {grade.computedAt === null ? (
          <span className="muted">Not ranked yet</span>
        ) : (
          <span className="boards-table__when">
            <time dateTime={grade.computedAt} title={formatDateTime(grade.computedAt)}>
              {relativeTime(grade.computedAt, now)}
            </time>
            <span className="muted boards-table__detail">
              <span>{formatShortDateTime(grade.computedAt)}</span>
              {grade.durationMs === null ? null : (
                <>
                  {' · '}
                  <span>took {formatDuration(grade.durationMs)}</span>
                </>
              )}
            </span>
          </span>
        )}
      </td>
      <td data-label="Public board" data-testid="boards-row-state">
        <span className="boards-table__state">
          <span className={`boards-badge boards-badge--${grade.frozen ? 'frozen' : 'live'}`}>
            {grade.frozen ? 'Frozen' : 'Live'}
          </span>
          {grade.frozen && frozenAt !== null ? (
            <span className="muted boards-table__detail">since {formatShortDateTime(frozenAt)}</span>
          ) : null}
        </span>
      </td>
    </tr>
  );
}
