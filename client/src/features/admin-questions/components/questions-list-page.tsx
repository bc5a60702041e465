import { type Action, hasPermission } from '@riyazi/api/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { describeError } from '../../../shared/http/http-error';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { SelectField, Switch, TextField } from '../../../shared/ui/field';
import { PageHeading } from '../../../shared/ui/page';
import { Pagination } from '../../../shared/ui/pagination';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { QUESTION_STATUSES, QUESTION_TAGS, QUESTION_TYPES, type QuestionRow } from '../api/questions-api';
import { useQuestionList, useQuestionMutations, useQuestionOptions } from '../api/use-questions';
import {
  applyQueryChange,
  isFiltered,
  type QueryChange,
  queryFromParams,
  TAG_LABELS,
} from './question-query';
import '../../../shared/ui/stacked-table.css';
import './questions.css';

type FilterKey = 'gradeId' | 'phaseId' | 'categoryId' | 'subCategoryId' | 'tag' | 'type' | 'status';

function useDebouncedSearch(current: string, onSettled: (value: string) => void) {
  const [text, setText] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Back and forward change the URL under the box: follow it, keeping what is still being typed.
  useEffect(() => {
    setText((typed) => (typed.trim() === current ? typed : current));
  }, [current]);
  const onChange = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => onSettled(value.trim()), 300);
  };
  return [text, onChange] as const;
}

export function QuestionsListPage() {
  const auth = useAdminAuth();
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const update = (change: QueryChange) => setParams((current) => applyQueryChange(current, change));
  const [searchText, onSearch] = useDebouncedSearch(query.search, (search) => update({ search }));
  const [deleting, setDeleting] = useState<QuestionRow | null>(null);
  const list = useQuestionList(query);
  const options = useQuestionOptions(query.categoryId);
  const { setStatus, remove } = useQuestionMutations();
  if (auth === null) {
    return null;
  }
  const can = (action: Action) =>
    hasPermission(auth.permissions, auth.isSuperAdmin, { module: 'question', action });
  const page = list.data;
  const closeDelete = () => {
    setDeleting(null);
    remove.reset();
  };
  const select = (key: FilterKey) => ({
    value: query[key],
    onChange: (event: { target: { value: string } }) => update({ [key]: event.target.value }),
    'data-testid': `questions-filter-${key}`,
  });

  return (
    <div className="stack">
      <PageHeading title="Questions">The question bank students practise and compete with.</PageHeading>
      <Card className="stack" aria-label="Questions">
        <div className="q-toolbar">
          <TextField
            className="q-search"
            label="Search"
            type="search"
            placeholder="Question text or number"
            value={searchText}
            maxLength={100}
            onChange={(event) => onSearch(event.target.value)}
            data-testid="questions-search"
          />
          {can('create') ? (
            <ButtonLink to={adminPagePath('questionNew')} data-testid="questions-add">
              Add question
            </ButtonLink>
          ) : null}
        </div>
        <div className="q-filters">
          <SelectField label="Grade" {...select('gradeId')}>
            <option value="">All grades</option>
            {options.grades.map((g) => (
              <option key={g._id} value={g._id}>
                {g.title}
              </option>
            ))}
          </SelectField>
          <SelectField label="Phase" {...select('phaseId')}>
            <option value="">All phases</option>
            {options.phases.map((p) => (
              <option key={p._id} value={p._id}>
                {p.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Category" {...select('categoryId')}>
            <option value="">All categories</option>
            {options.categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Sub category" disabled={query.categoryId === ''} {...select('subCategoryId')}>
            <option value="">
              {query.categoryId === '' ? 'Choose a category first' : 'All sub categories'}
            </option>
            {options.subCategories.map((s) => (
              <option key={s._id} value={s._id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Tag" {...select('tag')}>
            <option value="">All tags</option>
            {QUESTION_TAGS.map((t) => (
              <option key={t} value={t}>
                {TAG_LABELS[t]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Type" {...select('type')}>
            <option value="">All types</option>
            {QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" {...select('status')}>
            <option value="">Any status</option>
            {QUESTION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        </div>

        {list.isPending ? <LoadingBlock label="Loading questions…" /> : null}
        {list.isError ? (
          <Alert tone="error">
            <p>The questions could not be loaded.</p>
            <Button small variant="secondary" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : null}
        {page !== undefined && page.data.length === 0 ? (
          <p className="muted" data-testid="questions-empty">
            No questions {isFiltered(query) ? 'match these filters' : 'yet'}.
          </p>
        ) : null}
        {page !== undefined && page.data.length > 0 ? (
          <table
            className="q-table stacked-table--wide"
            data-testid="questions-table"
            aria-busy={list.isFetching}
          >
            <thead>
              <tr>
                <th scope="col">No.</th>
                <th scope="col">Question</th>
                <th scope="col">Grade</th>
                <th scope="col">Category</th>
                <th scope="col">Tag</th>
                <th scope="col">Type</th>
                <th scope="col">Used</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((row) => (
                <tr key={row._id} data-testid="questions-row">
                  <th scope="row" className="q-table__no">
                    {can('update') ? (
                      <Link
                        to={adminPagePath('questionView', { id: row._id })}
                        state={{ from: `?${params.toString()}` }}
                        aria-label={`View question ${row.questionNo}`}
                        data-testid="questions-view"
                      >
                        #{row.questionNo}
                      </Link>
                    ) : (
                      `#${row.questionNo}`
                    )}
                  </th>
                  <td className="q-table__preview" data-label="Question">
                    <span className="q-preview">{row.preview}</span>
                  </td>
                  <td data-label="Grade">{row.grade.title}</td>
                  <td data-label="Category">
                    <span>
                      {row.category.name}
                      <span className="muted"> / {row.subCategory.name}</span>
                    </span>
                  </td>
                  <td data-label="Tag">{TAG_LABELS[row.tag]}</td>
                  <td data-label="Type">{row.type}</td>
                  <td data-label="Used">{row.usageCount}</td>
                  <td data-label="Status">
                    <Switch
                      label={row.status}
                      aria-label={`Question ${row.questionNo} is active`}
                      checked={row.status === 'Active'}
                      disabled={!can('update') || setStatus.isPending}
                      onCheckedChange={(checked) =>
                        setStatus.mutate({ id: row._id, status: checked ? 'Active' : 'Inactive' })
                      }
                      data-testid="questions-active-switch"
                    />
                  </td>
                  <td className="q-table__actions">
                    {can('delete') ? (
                      <Button
                        small
                        variant="ghost"
                        className="q-danger"
                        onClick={() => setDeleting(row)}
                        aria-label={`Delete question ${row.questionNo}`}
                        data-testid="questions-delete"
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
        {page !== undefined && page.total > 0 ? (
          <Pagination
            total={page.total}
            currentPage={page.currentPage}
            totalPages={page.totalPages}
            itemsPerPage={page.itemsPerPage}
            onPage={(next) => update({ page: String(next) })}
            onPageSize={(size) => update({ itemsPerPage: String(size) })}
            noun="questions"
          />
        ) : null}
      </Card>

      {deleting !== null ? (
        <ConfirmDialog
          title="Delete question"
          confirmLabel="Delete"
          pending={remove.isPending}
          error={remove.error === null ? null : describeError(remove.error)}
          onClose={closeDelete}
          onConfirm={() => remove.mutate(deleting._id, { onSuccess: closeDelete })}
        >
          <p>
            Delete <strong>question {deleting.questionNo}</strong>? This cannot be undone, and a question
            students have already played cannot be deleted (make it inactive instead).
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
