import {
  type Action,
  hasPermission,
  STUDENT_FILTER_KEYS,
  type StudentFilterValues,
} from '@riyazi/api/contracts';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Switch } from '../../../shared/ui/field';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import { StudentExportButton } from '../../admin-student-export/components/student-export-button';
import { canPromote, PromoteStudentModal } from '../../admin-winners/components/promote-student-modal';
import type { StudentListRow } from '../api/students-api';
import { useStudentList, useStudentMutations } from '../api/use-students';
import { StudentFiltersPanel } from './student-filters-panel';
import { StudentFormDialog } from './student-form-dialog';
import { applyStudentQueryChange, clearedFilters, filtersFromParams, queryFromParams } from './student-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './students.css';

/** The list's current filters, parsed from the URL (non-empty only): for the export button. */
export function useCurrentStudentFilters(): StudentFilterValues {
  const [params] = useSearchParams();
  const key = params.toString();
  return useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
}

const pakistanTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Karachi',
  dateStyle: 'medium',
  timeStyle: 'short',
});
const when = (iso: string | null) => (iso === null ? '—' : pakistanTime.format(new Date(iso)));
const standing = (s: StudentListRow['rankAndScorePhase1']) =>
  s === null ? '—' : `#${s.currentRank} · ${s.topScore.toFixed(2)}`;

type Editing = { mode: 'add' } | { mode: 'edit'; student: StudentListRow } | null;

export function StudentsListPage() {
  const auth = useAdminAuth();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const filters = useCurrentStudentFilters();
  const list = useStudentList(query);
  const { setStatus, remove } = useStudentMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StudentListRow | null>(null);
  const [promoting, setPromoting] = useState<StudentListRow | null>(null);
  if (auth === null) {
    return null;
  }
  const can = (action: Action) =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'student', action });
  const page = list.data;
  const mayPromote = canPromote(auth, page?.addWinner) && page?.phaseId != null;
  const applyFilters = (next: StudentFilterValues) =>
    setParams((current) =>
      applyStudentQueryChange(
        current,
        Object.fromEntries(STUDENT_FILTER_KEYS.map((k) => [k, next[k] ?? ''])),
      ),
    );
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };

  return (
    <div className="stack">
      <div className="st-heading">
        <PageHeading title="Students">
          Everyone who signed up, their payments, plays and standings.
        </PageHeading>
        <div className="row st-heading__actions">
          {can('export') ? <StudentExportButton filters={filters} /> : null}
          {can('create') ? (
            <Button onClick={() => setEditing({ mode: 'add' })} data-testid="students-add">
              Add student
            </Button>
          ) : null}
        </div>
      </div>
      <Card className="stack" aria-label="Students">
        <StudentFiltersPanel
          key={STUDENT_FILTER_KEYS.map((k) => filters[k] ?? '').join('\u0000')}
          filters={filters}
          grades={page?.gradeList ?? []}
          onApply={applyFilters}
          onClear={() => setParams((current) => clearedFilters(current))}
        />
        <ListStatus
          query={list}
          loading="Loading students…"
          error="The students could not be loaded."
          empty={`No students ${Object.keys(filters).length > 0 ? 'match these filters' : 'yet'}.`}
          emptyTestId="students-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <div className="st-table-wrap">
            <table
              className="data-table st-table stacked-table--wide"
              data-testid="students-table"
              aria-busy={list.isFetching}
            >
              <thead>
                <tr>
                  <th scope="col">ID</th>
                  <th scope="col">Student</th>
                  <th scope="col">Grade / Batch Id</th>
                  <th scope="col">City / school</th>
                  <th scope="col">Verified</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Contest / practice</th>
                  <th scope="col">Rank · score</th>
                  <th scope="col">Signup</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {page.data.map((row) => (
                  <tr key={row._id} data-testid="students-row" data-student-id={row._id}>
                    <th scope="row" className="st-table__id">
                      {row.studentId}
                    </th>
                    <td data-label="Student" className="st-table__wrap">
                      <span className="st-table__who">
                        <strong data-testid="students-name">{row.fullName}</strong>
                        <span className="muted">{row.email}</span>
                        {row.phone !== null ? <span className="muted">{row.phone}</span> : null}
                      </span>
                    </td>
                    <td data-label="Grade / Batch Id">
                      <span className="st-table__who">
                        <span>{row.grade?.title ?? '—'}</span>
                        <span className="muted">{row.shortDescription ?? ''}</span>
                      </span>
                    </td>
                    <td data-label="City / school" className="st-table__wrap">
                      <span className="st-table__who">
                        <span>{row.city ?? '—'}</span>
                        <span className="muted">{row.schoolName ?? ''}</span>
                      </span>
                    </td>
                    <td data-label="Verified">{row.emailVerified ? 'Yes' : 'No'}</td>
                    <td data-label="Paid">{row.codeEntered ? 'Yes' : 'No'}</td>
                    <td data-label="Attempts">{row.contestAttempts.count}</td>
                    <td data-label="Contest / practice">
                      {row.contestCount} / {row.practiceCount}
                    </td>
                    <td data-label="Rank · score">
                      <span className="st-table__who">
                        <span>P1 {standing(row.rankAndScorePhase1)}</span>
                        <span>P2 {standing(row.rankAndScorePhase2)}</span>
                        <span>P3 {standing(row.rankAndScorePhase3)}</span>
                      </span>
                    </td>
                    <td data-label="Signup" className="st-table__date">
                      {when(row.createdAt)}
                    </td>
                    <td data-label="Payment" className="st-table__date">
                      {when(row.contestAttempts.createdAt)}
                    </td>
                    <td data-label="Status">
                      <Switch
                        label={row.isActive ? 'Active' : 'Inactive'}
                        aria-label={`${row.fullName} is active`}
                        checked={row.isActive}
                        disabled={!can('update') || setStatus.isPending}
                        onCheckedChange={(isActive) => setStatus.mutate({ id: row._id, isActive })}
                        data-testid="students-status"
                      />
                    </td>
                    <td className="st-table__actions">
                      <Link
                        className="st-action"
                        to={adminPagePath('studentView', { id: row._id })}
                        data-testid="students-detail"
                      >
                        Detail
                      </Link>
                      <Link
                        className="st-action"
                        to={adminPagePath('studentAttempts', { id: row._id })}
                        data-testid="students-view"
                      >
                        View
                      </Link>
                      {mayPromote && row.grade !== null ? (
                        <Button
                          small
                          variant="ghost"
                          onClick={() => setPromoting(row)}
                          data-testid="students-promote"
                        >
                          Promote
                        </Button>
                      ) : null}
                      {can('update') ? (
                        <Button
                          small
                          variant="ghost"
                          onClick={() => setEditing({ mode: 'edit', student: row })}
                          aria-label={`Edit ${row.fullName}`}
                          data-testid="students-edit"
                        >
                          Edit
                        </Button>
                      ) : null}
                      {can('delete') ? (
                        <Button
                          small
                          variant="ghost"
                          className="st-danger"
                          onClick={() => setDeleting(row)}
                          aria-label={`Delete ${row.fullName}`}
                          data-testid="students-delete"
                        >
                          Delete
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        <ListPagination
          page={page === undefined ? undefined : { ...page, total: page.totalStudents }}
          onPage={(next) => setParams((current) => applyStudentQueryChange(current, { page: String(next) }))}
          onPageSize={(size) =>
            setParams((current) => applyStudentQueryChange(current, { itemsPerPage: String(size) }))
          }
          noun="students"
        />
      </Card>

      {editing !== null ? (
        <StudentFormDialog
          student={editing.mode === 'edit' ? editing.student : null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete student"
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>{deleting.fullName}</strong> ({deleting.email})? A student who has played or paid
            is kept for the results and accounts, but deactivated and anonymised.
          </p>
        </ConfirmDialog>
      ) : null}
      {promoting !== null && page?.phaseId && promoting.grade !== null ? (
        <PromoteStudentModal
          open
          onClose={() => setPromoting(null)}
          student={{ _id: promoting._id, fullName: promoting.fullName, gradeId: promoting.grade._id }}
          phaseId={page.phaseId}
        />
      ) : null}
    </div>
  );
}
