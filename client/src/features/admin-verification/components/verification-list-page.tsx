import { Link, type To, useLocation, useNavigate } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { ListPager, ListSearch, ListTable, useListUrlState } from '../../../shared/admin-list';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useGradeOptions, useVerificationPage } from '../api/use-verification';
import type { VerificationRow } from '../api/verification-api';
import { StatusBadge } from './status-badge';
import { formatDateTime } from './verification-format';
import { STATUS_FILTERS, VERIFICATION_LIST } from './verification-query';
import '../../../shared/ui/data-table.css';
import './verification-list.css';

export function VerificationListPage() {
  const { query, update, pager, filtered, bind } = useListUrlState(VERIFICATION_LIST);
  const navigate = useNavigate();
  const location = useLocation();
  const list = useVerificationPage(query);
  const grades = useGradeOptions();
  const page = list.data;

  const viewPath = (row: VerificationRow): To => adminPagePath('studentVerificationView', { id: row._id });
  // The view page's back link returns to this exact list (filters and page).
  const linkState = { from: location.search };

  return (
    <div className="stack">
      <PageHeading title="Student verification">
        Check the school ID cards and B-forms students upload, and approve or reject them.
      </PageHeading>
      <Card className="stack" aria-label="Verification requests">
        <div className="verify-filters">
          <fieldset className="verify-chips">
            <legend className="field__label">Status</legend>
            <div className="verify-chips__list">
              {STATUS_FILTERS.map((filter) => (
                <button
                  key={filter.value || 'all'}
                  type="button"
                  className="verify-chip"
                  aria-pressed={query.status === filter.value}
                  onClick={() => update({ status: filter.value })}
                  data-testid={`verification-filter-${filter.value || 'ALL'}`}
                >
                  {filter.label}
                </button>
              ))}
            </div>
          </fieldset>
          <div className="verify-filters__fields">
            <ListSearch
              placeholder="Name, e-mail or student number"
              value={query.search}
              onSearch={(search) => update({ search })}
              maxLength={120}
              testId="verification-search"
            />
            <FilterSelect
              label="Grade"
              {...bind('gradeId', 'verification-filter-grade')}
              hint={grades.isError ? 'Grades could not be loaded.' : undefined}
              allLabel="All grades"
              options={(grades.data ?? []).map((grade) => ({ value: grade._id, label: grade.title }))}
            />
          </div>
        </div>

        <ListStatus
          query={list}
          loading="Loading students…"
          error="The verification list could not be loaded."
          empty={filtered ? 'No students match these filters.' : 'No student has uploaded a document yet.'}
          emptyTestId="verification-empty"
        />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table data-table--top verify-table"
          testId="verification-table"
          wrapClassName="verify-table-wrap"
          columns={['Student', 'No.', 'Grade', 'School', 'Status', 'Submitted']}
          actions={null}
        >
          {(row) => (
            <tr
              key={row._id}
              className="verify-row"
              data-testid="verification-row"
              // The name is the keyboard and screen-reader link; the whole row is a larger target.
              onClick={(event) => {
                if (!(event.target instanceof Element && event.target.closest('a'))) {
                  void navigate(viewPath(row), { state: linkState });
                }
              }}
            >
              <th scope="row" className="verify-who">
                <Link to={viewPath(row)} state={linkState} className="verify-who__name">
                  {row.fullName}
                </Link>
                <span className="verify-who__email">{row.email}</span>
              </th>
              <td data-label="Student no.">{row.studentId}</td>
              <td data-label="Grade" className="verify-nowrap">
                {row.grade ?? '—'}
              </td>
              <td data-label="School">
                <span className="verify-school">
                  {row.schoolName ?? '—'}
                  {row.city ? <span className="muted">, {row.city}</span> : null}
                </span>
              </td>
              <td data-label="Status">
                <span className="verify-status">
                  <StatusBadge status={row.status} />
                  {row.status === 'REJECTED' && row.reason ? (
                    <span className="verify-status__reason">{row.reason}</span>
                  ) : null}
                </span>
              </td>
              <td data-label="Submitted">{formatDateTime(row.submittedAt)}</td>
            </tr>
          )}
        </ListTable>
        <ListPager
          page={page === undefined ? undefined : { ...page, total: page.totalStudents }}
          pager={pager}
          noun="students"
          testId="verification-pagination"
        />
      </Card>
    </div>
  );
}
