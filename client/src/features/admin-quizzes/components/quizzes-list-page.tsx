import { type Action, hasPermission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import { KIND_LABELS, QUIZ_KINDS, QUIZ_STATUSES, type QuizRow } from '../api/quizzes-api';
import { useQuizList, useQuizMutations, useQuizOptions } from '../api/use-quizzes';
import {
  applyQueryChange,
  describeTiming,
  describeWindow,
  isFiltered,
  type QueryChange,
  queryFromParams,
} from './quiz-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './quizzes.css';

type FilterKey = 'kind' | 'phaseId' | 'gradeId' | 'status';

const attemptsLabel = (row: QuizRow) =>
  row.kind === 'PRACTICE' && row.attemptsAllowed >= 100 ? 'No limit' : String(row.attemptsAllowed);

export function QuizzesListPage() {
  const auth = useAdminAuth();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const update = (change: QueryChange) => setParams((current) => applyQueryChange(current, change));
  const [searchText, onSearch] = useDebouncedSearch(query.search, (search) => update({ search }));
  const [deleting, setDeleting] = useState<QuizRow | null>(null);
  const list = useQuizList(query);
  const options = useQuizOptions();
  const { setStatus, remove } = useQuizMutations();
  if (auth === null) {
    return null;
  }
  const can = (action: Action) =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'quiz', action });
  const page = list.data;
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const select = (key: FilterKey) => ({
    value: query[key],
    onChange: (event: { target: { value: string } }) => update({ [key]: event.target.value }),
    'data-testid': `quizzes-filter-${key}`,
  });

  return (
    <div className="stack">
      <PageHeading title="Quizzes">
        Practice and contest quizzes: who takes them, when, and what they draw.
      </PageHeading>
      <Card className="stack" aria-label="Quizzes">
        <div className="qz-toolbar">
          <TextField
            className="qz-search"
            label="Search"
            type="search"
            placeholder="Quiz title"
            value={searchText}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="quizzes-search"
          />
          {can('create') ? (
            <ButtonLink to={adminPagePath('quizNew')} data-testid="quizzes-add">
              Add quiz
            </ButtonLink>
          ) : null}
        </div>
        <div className="qz-filters">
          <FilterSelect
            label="Kind"
            {...select('kind')}
            allLabel="All kinds"
            options={QUIZ_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
          <FilterSelect
            label="Phase"
            {...select('phaseId')}
            allLabel="All phases"
            options={(options.data?.phases ?? []).map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Grade"
            {...select('gradeId')}
            allLabel="All grades"
            options={(options.data?.grades ?? []).map((g) => ({ value: g._id, label: g.title }))}
          />
          <FilterSelect
            label="Status"
            {...select('status')}
            allLabel="Any status"
            options={QUIZ_STATUSES.map((s) => ({ value: s, label: s }))}
          />
        </div>

        <ListStatus
          query={list}
          loading="Loading quizzes…"
          error="The quizzes could not be loaded."
          empty={`No quizzes ${isFiltered(query) ? 'match these filters' : 'yet'}.`}
          emptyTestId="quizzes-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <table
            className="data-table qz-table stacked-table stacked-table--wide"
            data-testid="quizzes-table"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Kind</th>
                <th scope="col">Grades</th>
                <th scope="col">Phase</th>
                <th scope="col">Questions</th>
                <th scope="col">Attempts</th>
                <th scope="col">Window</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={row._id} data-testid="quizzes-row">
                  <th scope="row" className="qz-table__title">
                    {row.title}
                  </th>
                  <td data-label="Kind">{KIND_LABELS[row.kind]}</td>
                  <td data-label="Grades">{row.grades.map((g) => g.title).join(', ')}</td>
                  <td data-label="Phase">{row.phase.name}</td>
                  <td data-label="Questions">{describeTiming(row)}</td>
                  <td data-label="Attempts">{attemptsLabel(row)}</td>
                  <td data-label="Window">{describeWindow(row)}</td>
                  <td data-label="Status">
                    <Switch
                      label={row.status}
                      aria-label={`${row.title} is active`}
                      checked={row.status === 'Active'}
                      disabled={!can('update') || setStatus.isPending}
                      onCheckedChange={(checked) =>
                        setStatus.mutate({ id: row._id, status: checked ? 'Active' : 'Inactive' })
                      }
                      data-testid="quizzes-active-switch"
                    />
                  </td>
                  <td className="qz-table__actions">
                    {can('update') ? (
                      <ButtonLink
                        small
                        variant="ghost"
                        to={adminPagePath('quizEdit', { id: row._id })}
                        aria-label={`Edit ${row.title}`}
                        data-testid="quizzes-edit"
                      >
                        Edit
                      </ButtonLink>
                    ) : null}
                    {can('delete') ? (
                      <Button
                        small
                        variant="ghost"
                        className="qz-danger"
                        onClick={() => setDeleting(row)}
                        aria-label={`Delete ${row.title}`}
                        data-testid="quizzes-delete"
                      >
                        Delete
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        <ListPagination
          page={page}
          onPage={(next) => update({ page: String(next) })}
          onPageSize={(size) => update({ itemsPerPage: String(size) })}
          noun="quizzes"
        />
      </Card>

      {deleting !== null ? (
        <ConfirmDialog
          title="Delete quiz"
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>{deleting.title}</strong>? This cannot be undone, and a quiz students have already
            played cannot be deleted (make it inactive instead).
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
