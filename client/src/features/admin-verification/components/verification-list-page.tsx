import { Link, type To, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Pagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import { useGradeOptions, useVerificationPage } from '../api/use-verification';
import type { VerificationRow } from '../api/verification-api';
import { StatusBadge } from './status-badge';
import { formatDateTime } from './verification-format';
import { applyQueryChange, type QueryChange, queryFromParams, STATUS_FILTERS } from './verification-query';
import '../../../shared/ui/data-table.css';
import './verification-list.css';

/** The list state lives in the URL, so a filtered page can be bookmarked and survives a reload. */
function useListQuery() {
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const update = (change: QueryChange) => setParams((current) => applyQueryChange(current, change));
  return { query, update };
}

export function VerificationListPage() {
  const { query, update } = useListQuery();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useVerificationPage(query);
  const grades = useGradeOptions();
  const [searchText, onSearch] = useDebouncedSearch(query.search, (search) => update({ search }));
  const page = list.data;
  const filtered = query.status !== '' || query.search !== '' || query.gradeId !== '';

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
            <TextField
              label="Search"
              type="search"
              placeholder="Name, e-mail or student number"
              value={searchText}
              maxLength={120}
              onChange={(event) => onSearch(event.target.value)}
              data-testid="verification-search"
            />
            <FilterSelect
              label="Grade"
              value={query.gradeId}
              onChange={(event) => update({ gradeId: event.target.value })}
              hint={grades.isError ? 'Grades could not be loaded.' : undefined}
              data-testid="verification-filter-grade"
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
        {page !== undefined && page.data.length > 0 ? (
          <div className="verify-table-wrap">
            <table
              className="data-table data-table--top verify-table"
              aria-busy={list.isFetching}
              data-testid="verification-table"
            >
              <thead>
                <tr>
                  <th scope="col">Student</th>
                  <th scope="col">No.</th>
                  <th scope="col">Grade</th>
                  <th scope="col">School</th>
                  <th scope="col">Status</th>
                  <th scope="col">Submitted</th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((row) => (
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
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {page !== undefined && page.totalStudents > 0 ? (
          <Pagination
            total={page.totalStudents}
            currentPage={page.currentPage}
            totalPages={page.totalPages}
            itemsPerPage={page.itemsPerPage}
            onPage={(next) => update({ page: String(next) })}
            onPageSize={(size) => update({ itemsPerPage: String(size) })}
            noun="students"
            testId="verification-pagination"
          />
        ) : null}
      </Card>
    </div>
  );
}
