import type { QuestionSort } from '@riyazi/api/contracts';
import { Link } from 'react-router-dom';
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
import { RichTextView } from '../../../shared/math/rich-text-view';
import { ButtonLink } from '../../../shared/ui/button';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { QUESTION_STATUSES, QUESTION_TAGS, QUESTION_TYPES, type QuestionRow } from '../api/questions-api';
import { useQuestionList, useQuestionMutations, useQuestionOptions } from '../api/use-questions';
import { QUESTION_LIST, TAG_LABELS } from './question-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './questions.css';

type FilterKey = 'gradeId' | 'phaseId' | 'categoryId' | 'subCategoryId' | 'tag' | 'type' | 'status';

const SORT_MENU = [
  { column: 'questionNo', label: 'Number' },
  { column: 'grade', label: 'Grade' },
  { column: 'category', label: 'Category' },
  { column: 'tag', label: 'Tag' },
  { column: 'type', label: 'Type' },
  { column: 'status', label: 'Status' },
] as const satisfies readonly { column: QuestionSort; label: string }[];

export function QuestionsListPage() {
  const can = useCan('question');
  const { params, query, update, pager, filtered, bind, sort } = useListUrlState(QUESTION_LIST);
  const list = useQuestionList(query);
  const options = useQuestionOptions(query.categoryId);
  const { setStatus, remove } = useQuestionMutations();
  const deletion = useDeleteConfirm<QuestionRow>(remove);
  if (can === null) {
    return null;
  }
  const page = list.data;
  const select = (key: FilterKey) => bind(key, `questions-filter-${key}`);

  return (
    <div className="stack">
      <PageHeading title="Questions">The question bank students practise and compete with.</PageHeading>
      <Card className="stack" aria-label="Questions">
        <div className="list-toolbar">
          <ListSearch
            className="list-search"
            placeholder="Question text or number"
            value={query.search}
            onSearch={(search) => update({ search })}
            testId="questions-search"
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
        <div className="list-filters">
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
          empty={`No questions ${filtered ? 'match these filters' : 'yet'}.`}
          emptyTestId="questions-empty"
        />
        <ListSortSelect sort={sort} columns={SORT_MENU} testId="questions-sort" />
        <ListTable
          rows={page?.data}
          busy={list.isFetching}
          className="data-table q-table stacked-table--wide"
          testId="questions-table"
          sort={sort}
          columns={[
            { label: 'No.', sort: 'questionNo' },
            'Question',
            { label: 'Grade', sort: 'grade' },
            { label: 'Category', sort: 'category' },
            { label: 'Tag', sort: 'tag' },
            { label: 'Type', sort: 'type' },
            'Used',
            { label: 'Status', sort: 'status' },
          ]}
        >
          {(row) => (
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
                <ActiveSwitch
                  rowName={`Question ${row.questionNo}`}
                  active={row.status === 'Active'}
                  canChange={can('update')}
                  pending={setStatus.isPending}
                  onChange={(active) =>
                    setStatus.mutate({ id: row._id, status: active ? 'Active' : 'Inactive' })
                  }
                  testId="questions-active-switch"
                />
              </td>
              <td className="row-actions">
                {can('delete') ? (
                  <DeleteRowButton
                    rowName={`question ${row.questionNo}`}
                    className="danger-action"
                    onClick={() => deletion.ask(row)}
                    testId="questions-delete"
                  />
                ) : null}
              </td>
            </tr>
          )}
        </ListTable>
        <ListPager page={page} pager={pager} noun="questions" />
      </Card>

      <DeleteConfirmDialog state={deletion} title="Delete question">
        {(row) => (
          <p>
            Delete <strong>question {row.questionNo}</strong>? This cannot be undone, and a question students
            have already played cannot be deleted (make it inactive instead).
          </p>
        )}
      </DeleteConfirmDialog>
    </div>
  );
}
