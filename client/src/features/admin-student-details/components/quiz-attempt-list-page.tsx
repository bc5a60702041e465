import { Link, useParams, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { describeError } from '../../../shared/http/http-error';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import type { QuizKind } from '../api/student-details-api';
import { useStudentDetail, useStudentPlays } from '../api/use-student-details';
import { formatDateTime, formatDuration, formatScore } from './student-format';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './student-details.css';

const TABS: { type: QuizKind; label: string }[] = [
  { type: 'CONTEST', label: 'Contest' },
  { type: 'PRACTICE', label: 'Practice' },
];
const STATUS_LABELS = { IN_PROGRESS: 'In progress', FINISHED: 'Finished', CANCELLED: 'Stopped' } as const;
const DEFAULT_LIMIT = 25;

export function QuizAttemptListPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const type: QuizKind = params.get('type') === 'PRACTICE' ? 'PRACTICE' : 'CONTEST';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const limit = Math.min(100, Math.max(1, Number(params.get('limit')) || DEFAULT_LIMIT));
  const student = useStudentDetail(id);
  const plays = useStudentPlays(id, type, page, limit);
  const go = (next: { type?: QuizKind; page?: number; limit?: number }) =>
    setParams({
      type: next.type ?? type,
      page: String(next.page ?? page),
      limit: String(next.limit ?? limit),
    });
  const name = student.data?.profile.fullName;

  return (
    <div className="stack">
      <Link to={adminPagePath('studentView', { id })} className="sd-back">
        <span aria-hidden="true">←</span> {name ?? 'Student'}
      </Link>
      <PageHeading title="Quiz attempts">
        {name ? `${name}, student no. ${student.data?.profile.studentId}` : null}
      </PageHeading>
      <Card className="stack">
        <div className="sd-tabs" role="tablist" aria-label="Kind of quiz">
          {TABS.map((tab) => (
            <button
              key={tab.type}
              type="button"
              role="tab"
              aria-selected={tab.type === type}
              className={tab.type === type ? 'sd-tab sd-tab--on' : 'sd-tab'}
              onClick={() => go({ type: tab.type, page: 1 })}
              data-testid={`attempts-tab-${tab.type.toLowerCase()}`}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <ListStatus
          query={plays}
          loading="Loading the attempts…"
          error={plays.isError ? describeError(plays.error) : 'An error occurred'}
          errorTestId="attempts-error"
          empty={`No ${type === 'CONTEST' ? 'contest' : 'practice'} attempts yet.`}
          emptyTestId="attempts-empty"
        />
        {plays.data !== undefined && plays.data.data.length > 0 ? (
          <table
            className="data-table data-table--compact stacked-table stacked-table--wide"
            aria-busy={plays.isFetching}
            data-testid="attempts-table"
          >
            <thead>
              <tr>
                <th scope="col">Quiz</th>
                <th scope="col">Phase</th>
                <th scope="col">Status</th>
                <th scope="col">Score</th>
                <th scope="col">Correct</th>
                <th scope="col">Time</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
              </tr>
            </thead>
            <tbody>
              {plays.data.data.map((play) => (
                <tr key={play._id} data-testid="attempt-row">
                  <td data-label="Quiz">
                    <Link
                      to={adminPagePath('studentAttemptDetail', { id: play._id })}
                      data-testid="attempt-link"
                    >
                      {play.quizTitle}
                    </Link>
                  </td>
                  <td data-label="Phase">{play.phase.name}</td>
                  <td data-label="Status">{STATUS_LABELS[play.status]}</td>
                  <td data-label="Score">{formatScore(play.score)}</td>
                  <td data-label="Correct">
                    {play.correctCount} / {play.questionCount}
                  </td>
                  <td data-label="Time">{formatDuration(play.totalTimeMs)}</td>
                  <td data-label="Started">{formatDateTime(play.startedAt)}</td>
                  <td data-label="Finished">{formatDateTime(play.finishedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <ListPagination
          page={
            plays.data === undefined
              ? undefined
              : {
                  total: plays.data.total,
                  currentPage: plays.data.currentPage,
                  totalPages: plays.data.totalPages,
                  itemsPerPage: plays.data.itemsPerPage,
                }
          }
          noun="attempts"
          onPage={(next) => go({ page: next })}
          onPageSize={(size) => go({ page: 1, limit: size })}
        />
      </Card>
    </div>
  );
}
