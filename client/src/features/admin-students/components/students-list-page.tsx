import { type AdminAuthState, STUDENT_FILTER_KEYS, type StudentFilterValues } from '@riyazi/api/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import {
  ActiveSwitch,
  canOn,
  DeleteConfirmDialog,
  DeleteRowButton,
  EditRowButton,
  filtersOf,
  ListPager,
  ListTable,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import type { StudentListRow } from '../api/students-api';
import { useStudentList, useStudentMutations } from '../api/use-students';
import { StudentFiltersPanel } from './student-filters-panel';
import { StudentFormDialog } from './student-form-dialog';
import { nonEmptyFilters, STUDENT_LIST } from './student-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './students.css';

/** A student the Promote action names, in the phase the list shows. */
export interface PromoteTarget {
  student: { _id: string; fullName: string; gradeId: string };
  phaseId: string;
}

/** What other features add to the list; the app composes them (features do not import each other). */
export interface StudentsListExtras {
  /** The CSV export control for the current filters. */
  exportButton: (filters: StudentFilterValues) => ReactNode;
  /** Whether the Promote row action is offered, given the list's addWinner. */
  canPromote: (auth: AdminAuthState, addWinner: boolean | undefined) => boolean;
  promoteModal: (target: PromoteTarget, onClose: () => void) => ReactNode;
}

const when = (iso: string | null) => formatDateTime(iso);
const standing = (s: StudentListRow['rankAndScorePhase1']) =>
  s === null ? '—' : `#${s.currentRank} · ${s.topScore.toFixed(2)}`;

type Editing = { mode: 'add' } | { mode: 'edit'; student: StudentListRow } | null;

export function StudentsListPage({ extras }: { extras: StudentsListExtras }) {
  const auth = useAdminAuth();
  const { params, query, update, pager, clear } = useListUrlState(STUDENT_LIST);
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL decides when the filters change.
  const filters = useMemo(() => nonEmptyFilters(filtersOf(query)), [key]);
  const list = useStudentList({ page: query.page, limit: query.limit, filters });
  const { setStatus, remove } = useStudentMutations();
  const [editing, setEditing] = useState<Editing>(null);
  const deletion = useDeleteConfirm<StudentListRow>(remove);
  const [promoting, setPromoting] = useState<StudentListRow | null>(null);
  if (auth === null) {
    return null;
  }
  const can = canOn(auth, 'student');
  const page = list.data;
  const mayPromote = extras.canPromote(auth, page?.addWinner) && page?.phaseId != null;
  const applyFilters = (next: StudentFilterValues) =>
    update(Object.fromEntries(STUDENT_FILTER_KEYS.map((k) => [k, next[k] ?? ''])));

  return (
    <div className="stack">
      <div className="st-heading">
        <PageHeading title="Students">
          Everyone who signed up, their payments, plays and standings.
        </PageHeading>
        <div className="row st-heading__actions">
          {can('export') ? extras.exportButton(filters) : null}
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
          onClear={clear}
        />
        <ListStatus
          query={list}
          loading="Loading students…"
          error="The students could not be loaded."
          empty={`No students ${Object.keys(filters).length > 0 ? 'match these filters' : 'yet'}.`}
          emptyTestId="students-empty"
        />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table st-table stacked-table--wide"
          testId="students-table"
          wrapClassName="st-table-wrap"
          columns={[
            'ID',
            'Student',
            'Grade / Batch Id',
            'City / school',
            'Verified',
            'Paid',
            'Attempts',
            'Contest / practice',
            'Rank · score',
            'Signup',
            'Payment',
            'Status',
          ]}
        >
          {(row) => (
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
                <ActiveSwitch
                  rowName={row.fullName}
                  active={row.isActive}
                  canChange={can('update')}
                  pending={setStatus.isPending}
                  onChange={(isActive) => setStatus.mutate({ id: row._id, isActive })}
                  testId="students-status"
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
                  <EditRowButton
                    variant="ghost"
                    rowName={row.fullName}
                    onClick={() => setEditing({ mode: 'edit', student: row })}
                    testId="students-edit"
                  />
                ) : null}
                {can('delete') ? (
                  <DeleteRowButton
                    rowName={row.fullName}
                    className="st-danger"
                    onClick={() => deletion.ask(row)}
                    testId="students-delete"
                  />
                ) : null}
              </td>
            </tr>
          )}
        </ListTable>
        <ListPager
          page={page === undefined ? undefined : { ...page, total: page.totalStudents }}
          pager={pager}
          noun="students"
        />
      </Card>

      {editing !== null ? (
        <StudentFormDialog
          student={editing.mode === 'edit' ? editing.student : null}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <DeleteConfirmDialog state={deletion} title="Delete student">
        {(row) => (
          <p>
            Delete <strong>{row.fullName}</strong> ({row.email})? A student who has played or paid is kept for
            the results and accounts, but deactivated and anonymised.
          </p>
        )}
      </DeleteConfirmDialog>
      {promoting !== null && page?.phaseId && promoting.grade !== null
        ? extras.promoteModal(
            {
              student: { _id: promoting._id, fullName: promoting.fullName, gradeId: promoting.grade._id },
              phaseId: page.phaseId,
            },
            () => setPromoting(null),
          )
        : null}
    </div>
  );
}
