import {
  type AdminAuthState,
  STUDENT_FILTER_KEYS,
  type StudentFilterValues,
  type StudentSort,
} from '@riyazi/api/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { adminPagePath } from '../../../config/paths';
import {
  ActiveSwitch,
  type Can,
  ColumnPicker,
  canOn,
  DeleteConfirmDialog,
  DeleteRowButton,
  EditRowButton,
  ListPager,
  ListSortSelect,
  ListTable,
  useColumnChoice,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import type { StudentListRow } from '../api/students-api';
import { useStudentList, useStudentMutations } from '../api/use-students';
import { cellsOf, headersOf, studentColumns } from './student-columns';
import { StudentFiltersPanel } from './student-filters-panel';
import { StudentFormDialog } from './student-form-dialog';
import { STUDENT_LIST, studentQueryOf } from './student-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './students.css';

/** A student the Promote action names, in the phase the list shows. */
export interface PromoteTarget {
  student: { _id: string; fullName: string; gradeId: string; gradeTitle: string };
  phase: { _id: string; name: string };
  /** A finished contest play of the phase: Promote refuses a student without one. */
  played: boolean;
}

/** What other features add to the list; the app composes them (features do not import each other). */
export interface StudentsListExtras {
  /** The CSV export control for the current filters. */
  exportButton: (filters: StudentFilterValues) => ReactNode;
  /** Whether the Promote row action is offered, given the list's addWinner. */
  canPromote: (auth: AdminAuthState, addWinner: boolean | undefined) => boolean;
  promoteModal: (target: PromoteTarget, onClose: () => void, onPromoted: () => void) => ReactNode;
}

const COLUMNS = studentColumns(formatDateTime);
const SORT_MENU = [
  { column: 'createdAt', label: 'Signup' },
  { column: 'studentId', label: 'ID' },
  { column: 'fullName', label: 'Name' },
  { column: 'grade', label: 'Grade' },
  { column: 'codeEntered', label: 'Paid' },
  { column: 'contestAttempts', label: 'Attempts' },
] as const satisfies readonly { column: StudentSort; label: string }[];

type Editing = { mode: 'add' } | { mode: 'edit'; student: StudentListRow } | null;

export function StudentsListPage({ extras }: { extras: StudentsListExtras }) {
  const auth = useAdminAuth();
  const { params, query, update, pager, clear, sort } = useListUrlState(STUDENT_LIST);
  const key = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL decides when the request changes.
  const request = useMemo(() => studentQueryOf(query), [key]);
  const { filters } = request;
  const list = useStudentList(request);
  const { setStatus, remove, markWinner } = useStudentMutations();
  const choice = useColumnChoice('students', COLUMNS);
  const shown = COLUMNS.filter((column) => choice.isShown(column.key));
  const [editing, setEditing] = useState<Editing>(null);
  const deletion = useDeleteConfirm<StudentListRow>(remove);
  const [promoting, setPromoting] = useState<StudentListRow | null>(null);
  // The 26 filters would push the list a screen down: closed until asked for or in use.
  const [filtersOpen, setFiltersOpen] = useState(() => Object.keys(filters).length > 0);
  if (auth === null) {
    return null;
  }
  const can = canOn(auth, 'student');
  const page = list.data;
  const mayPromote = extras.canPromote(auth, page?.addWinner) && page?.phaseId != null;
  const winners = new Set(page?.phaseWinnerIds ?? []);
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
          open={filtersOpen}
          onOpenChange={setFiltersOpen}
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
        {page !== undefined && page.data.length > 0 ? (
          <div className="list-table-bar">
            <ListSortSelect sort={sort} columns={SORT_MENU} testId="students-sort" />
            <ColumnPicker choice={choice} testId="students-columns" />
          </div>
        ) : null}
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table data-table--compact st-table stacked-table--wide"
          testId="students-table"
          wrapClassName="st-table-wrap"
          sort={sort}
          columns={headersOf(shown)}
          actionsClassName="st-table__actions"
        >
          {(row) => (
            <tr key={row._id} data-testid="students-row" data-student-id={row._id}>
              <th scope="row" className="st-table__id">
                {row.studentId}
              </th>
              <td data-label="Student" className="st-table__student">
                <span className="st-table__who">
                  <strong data-testid="students-name">{row.fullName}</strong>
                  <span className="muted st-table__email" data-testid="students-email">
                    {row.email}
                  </span>
                  {row.phone !== null ? <span className="muted">{row.phone}</span> : null}
                </span>
              </td>
              {cellsOf(shown, row)}
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
                <RowActions
                  row={row}
                  can={can}
                  winner={winners.has(row._id)}
                  onPromote={mayPromote && row.grade !== null ? () => setPromoting(row) : null}
                  onEdit={() => setEditing({ mode: 'edit', student: row })}
                  onDelete={() => deletion.ask(row)}
                />
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
              student: {
                _id: promoting._id,
                fullName: promoting.fullName,
                gradeId: promoting.grade._id,
                gradeTitle: promoting.grade.title,
              },
              phase: { _id: page.phaseId, name: page.phaseName ?? 'this phase' },
              played: page.phasePlayedIds.includes(promoting._id),
            },
            () => setPromoting(null),
            () => void markWinner(promoting._id),
          )
        : null}
    </div>
  );
}

/**
 * A row's actions in two short groups that wrap under each other: where to look (profile, quiz
 * attempts), then what to do (promote, or the Winner badge once promoted; edit; delete).
 */
function RowActions({
  row,
  can,
  winner,
  onPromote,
  onEdit,
  onDelete,
}: {
  row: StudentListRow;
  can: Can;
  winner: boolean;
  onPromote: (() => void) | null;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <div className="st-actions">
      <span className="st-actions__group">
        <ButtonLink
          small
          variant="ghost"
          to={adminPagePath('studentView', { id: row._id })}
          aria-label={`Profile of ${row.fullName}`}
          data-testid="students-detail"
        >
          Profile
        </ButtonLink>
        <ButtonLink
          small
          variant="ghost"
          to={adminPagePath('studentAttempts', { id: row._id })}
          aria-label={`Quiz attempts of ${row.fullName}`}
          data-testid="students-view"
        >
          Quiz attempts
        </ButtonLink>
      </span>
      <span className="st-actions__group">
        {winner ? (
          <span className="list-badge list-badge--active" data-testid="students-winner">
            Winner
          </span>
        ) : onPromote !== null ? (
          <Button
            small
            variant="ghost"
            onClick={onPromote}
            aria-label={`Promote ${row.fullName}`}
            data-testid="students-promote"
          >
            Promote
          </Button>
        ) : null}
        {can('update') ? (
          <EditRowButton variant="ghost" rowName={row.fullName} onClick={onEdit} testId="students-edit" />
        ) : null}
        {can('delete') ? (
          <DeleteRowButton
            rowName={row.fullName}
            className="danger-action"
            onClick={onDelete}
            testId="students-delete"
          />
        ) : null}
      </span>
    </div>
  );
}
