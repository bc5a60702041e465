import type { QuizSort } from '@riyazi/api/contracts';
import { adminPagePath } from '../../../config/paths';
import {
  ActiveSwitch,
  DeleteConfirmDialog,
  DeleteRowButton,
  ListPager,
  ListSearch,
  ListSortSelect,
  ListTable,
  useCan,
  useDeleteConfirm,
  useListUrlState,
} from '../../../shared/admin-list';
import { ButtonLink } from '../../../shared/ui/button';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { KIND_LABELS, QUIZ_KINDS, QUIZ_STATUSES, type QuizRow } from '../api/quizzes-api';
import { useQuizList, useQuizMutations, useQuizOptions } from '../api/use-quizzes';
import { describeTiming, describeWindow, QUIZ_LIST } from './quiz-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './quizzes.css';

type FilterKey = 'kind' | 'phaseId' | 'gradeId' | 'status';

const SORT_MENU = [
  { column: 'createdAt', label: 'Created' },
  { column: 'title', label: 'Title' },
  { column: 'kind', label: 'Kind' },
  { column: 'phase', label: 'Phase' },
  { column: 'questions', label: 'Questions' },
  { column: 'attempts', label: 'Attempts' },
  { column: 'opensAt', label: 'Opens' },
  { column: 'status', label: 'Status' },
] as const satisfies readonly { column: QuizSort; label: string }[];

const attemptsLabel = (row: QuizRow) =>
  row.kind === 'PRACTICE' && row.attemptsAllowed >= 100 ? 'No limit' : String(row.attemptsAllowed);

export function QuizzesListPage() {
  const can = useCan('quiz');
  const { query, update, pager, filtered, bind, sort } = useListUrlState(QUIZ_LIST);
  const list = useQuizList(query);
  const options = useQuizOptions();
  const { setStatus, remove } = useQuizMutations();
  const deletion = useDeleteConfirm<QuizRow>(remove);
  if (can === null) {
    return null;
  }
  const page = list.data;
  const select = (key: FilterKey) => bind(key, `quizzes-filter-${key}`);

  return (
    <div className="stack">
      <PageHeading title="Quizzes">
        Practice and contest quizzes: who takes them, when, and what they draw.
      </PageHeading>
      <Card className="stack" aria-label="Quizzes">
        <div className="list-toolbar">
          <ListSearch
            className="list-search"
            placeholder="Quiz title"
            value={query.search}
            onSearch={(search) => update({ search })}
            testId="quizzes-search"
          />
          {can('create') ? (
            <ButtonLink to={adminPagePath('quizNew')} data-testid="quizzes-add">
              Add quiz
            </ButtonLink>
          ) : null}
        </div>
        <div className="list-filters">
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
          empty={`No quizzes ${filtered ? 'match these filters' : 'yet'}.`}
          emptyTestId="quizzes-empty"
        />
        <ListSortSelect sort={sort} columns={SORT_MENU} testId="quizzes-sort" />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table data-table--compact qz-table stacked-table stacked-table--wide"
          testId="quizzes-table"
          sort={sort}
          columns={[
            { label: 'Title', sort: 'title' },
            { label: 'Kind', sort: 'kind' },
            'Grades',
            { label: 'Phase', sort: 'phase' },
            { label: 'Questions', sort: 'questions' },
            { label: 'Attempts', sort: 'attempts' },
            { label: 'Window', sort: 'opensAt' },
            { label: 'Status', sort: 'status' },
          ]}
        >
          {(row) => (
            <tr key={row._id} data-testid="quizzes-row">
              <th scope="row" className="qz-table__title">
                {row.title}
              </th>
              <td data-label="Kind">{KIND_LABELS[row.kind]}</td>
              <td data-label="Grades">{row.grades.map((g) => g.title).join(', ')}</td>
              <td data-label="Phase">{row.phase.name}</td>
              <td data-label="Questions">{describeTiming(row)}</td>
              <td data-label="Attempts">{attemptsLabel(row)}</td>
              <td data-label="Window" className="qz-table__window">
                {describeWindow(row)}
              </td>
              <td data-label="Status">
                <ActiveSwitch
                  rowName={row.title}
                  active={row.status === 'Active'}
                  canChange={can('update')}
                  pending={setStatus.isPending}
                  onChange={(active) =>
                    setStatus.mutate({ id: row._id, status: active ? 'Active' : 'Inactive' })
                  }
                  testId="quizzes-active-switch"
                />
              </td>
              <td className="row-actions">
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
                  <DeleteRowButton
                    rowName={row.title}
                    className="danger-action"
                    onClick={() => deletion.ask(row)}
                    testId="quizzes-delete"
                  />
                ) : null}
              </td>
            </tr>
          )}
        </ListTable>
        <ListPager page={page} pager={pager} noun="quizzes" />
      </Card>

      <DeleteConfirmDialog state={deletion} title="Delete quiz">
        {(row) => (
          <p>
            Delete <strong>{row.title}</strong>? This cannot be undone, and a quiz students have already
            played cannot be deleted (make it inactive instead).
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
