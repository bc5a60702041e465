import { type Action, hasPermission } from '@riyazi/api/contracts';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useDebouncedSearch } from '../../../shared/hooks/use-debounced-search';
import { describeError } from '../../../shared/http/http-error';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { useAdminAuth } from '../../../shared/session/use-session';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { ConfirmDialog } from '../../../shared/ui/dialog';
import { Switch, TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { ListPagination } from '../../../shared/ui/pagination';
import { Card } from '../../../shared/ui/surface';
import { QUESTION_STATUSES, QUESTION_TAGS, QUESTION_TYPES, type QuestionRow } from '../api/questions-api';
import { useQuestionList, useQuestionMutations, useQuestionOptions } from '../api/use-questions';
import {
  applyQueryChange,
  isFiltered,
  type QueryChange,
  queryFromParams,
  TAG_LABELS,
} from './question-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import './questions.css';

type FilterKey = 'gradeId' | 'phaseId' | 'categoryId' | 'subCategoryId' | 'tag' | 'type' | 'status';

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
            <div className="row">
              <ButtonLink
                variant="secondary"
                to={adminPagePath('questionImport')}
                data-testid="questions-import"
              >
                Import
              </ButtonLink>
              <ButtonLink to={adminPagePath('questionNew')} data-testid="questions-add">
                Add question
              </ButtonLink>
            </div>
          ) : null}
        </div>
        <div className="q-filters">
          <FilterSelect
            label="Grade"
            {...select('gradeId')}
            allLabel="All grades"
            options={options.grades.map((g) => ({ value: g._id, label: g.title }))}
          />
          <FilterSelect
            label="Phase"
            {...select('phaseId')}
            allLabel="All phases"
            options={options.phases.map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Category"
            {...select('categoryId')}
            allLabel="All categories"
            options={options.categories.map((c) => ({ value: c._id, label: c.name }))}
          />
          <FilterSelect
            label="Sub category"
            disabled={query.categoryId === ''}
            {...select('subCategoryId')}
            allLabel={query.categoryId === '' ? 'Choose a category first' : 'All sub categories'}
            options={options.subCategories.map((s) => ({ value: s._id, label: s.name }))}
          />
          <FilterSelect
            label="Tag"
            {...select('tag')}
            allLabel="All tags"
            options={QUESTION_TAGS.map((t) => ({ value: t, label: TAG_LABELS[t] }))}
          />
          <FilterSelect
            label="Type"
            {...select('type')}
            allLabel="All types"
            options={QUESTION_TYPES.map((t) => ({ value: t, label: t }))}
          />
          <FilterSelect
            label="Status"
            {...select('status')}
            allLabel="Any status"
            options={QUESTION_STATUSES.map((s) => ({ value: s, label: s }))}
          />
        </div>

        <ListStatus
          query={list}
          loading="Loading questions…"
          error="The questions could not be loaded."
          empty={`No questions ${isFiltered(query) ? 'match these filters' : 'yet'}.`}
          emptyTestId="questions-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <table
            className="data-table q-table stacked-table--wide"
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
                    <RichTextView html={row.previewHtml} className="q-preview" />
                    {row.hasUrdu ? (
                      <span className="q-urdu-tag" data-testid="questions-has-urdu">
                        Urdu
                      </span>
                    ) : null}
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
        <ListPagination
          page={page}
          onPage={(next) => update({ page: String(next) })}
          onPageSize={(size) => update({ itemsPerPage: String(size) })}
          noun="questions"
        />
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
