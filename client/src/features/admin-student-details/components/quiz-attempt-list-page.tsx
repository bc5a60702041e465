import { Link, useParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import {
  choiceField,
  defineListSchema,
  ListPager,
  ListTable,
  useListUrlState,
} from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useStudentDetail, useStudentPlays } from '../api/use-student-details';
import { formatDateTime, formatDuration, formatScore } from './student-format';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './student-details.css';

const TABS = [
  { type: 'CONTEST', label: 'Contest' },
  { type: 'PRACTICE', label: 'Practice' },
] as const;
const STATUS_LABELS = { IN_PROGRESS: 'In progress', FINISHED: 'Finished', CANCELLED: 'Stopped' } as const;

/** The attempts list in the URL: type, page and limit (this page's own name for the page size). */
const ATTEMPT_LIST = defineListSchema(
  { type: choiceField(['CONTEST', 'PRACTICE'] as const, 'CONTEST') },
  { sizeParam: 'limit', defaultSize: 25 },
);

export function QuizAttemptListPage() {
  const { id = '' } = useParams();
  const { query, update, pager } = useListUrlState(ATTEMPT_LIST);
  const { type, page, limit } = query;
  const student = useStudentDetail(id);
  const plays = useStudentPlays(id, type, page, limit);
  const name = student.data?.profile.fullName;

  return (
    <div className="stack">
      <Link to={adminPagePath('studentView', { id })} className="back-link">
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
              onClick={() => update({ type: tab.type })}
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
        <ListTable
          rows={plays.data?.data}
          busy={plays.isFetching}
          className="data-table data-table--compact stacked-table stacked-table--wide"
          testId="attempts-table"
          columns={['Quiz', 'Phase', 'Status', 'Score', 'Correct', 'Time', 'Started', 'Finished']}
          actions={null}
        >
          {(play) => (
            <tr key={play._id} data-testid="attempt-row">
              <td data-label="Quiz">
                <Link to={adminPagePath('studentAttemptDetail', { id: play._id })} data-testid="attempt-link">
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
          )}
        </ListTable>
        <ListPager page={plays.data} pager={pager} noun="attempts" />
      </Card>
    </div>
  );
}
