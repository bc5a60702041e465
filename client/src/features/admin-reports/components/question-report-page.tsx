import { REPORT_KINDS } from '@riyazi/api/contracts';
import { ListPager, useCan, useListUrlState } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { SelectField, TextField } from '../../../shared/ui/field';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useCsvDownload, useQuestionReport, useReportOptions } from '../api/use-question-report';
import { csvFilename, filtersOf, REPORT_LIST, sortChange } from './report-query';
import { ReportTable } from './report-table';
import { ReportToolbar } from './report-toolbar';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './question-report.css';

type FilterKey = 'phaseId' | 'gradeId' | 'categoryId' | 'kind' | 'from' | 'to';
const KIND_LABELS = { PRACTICE: 'Practice', CONTEST: 'Contest' } as const;
/** Phones have no column headers to click: the same sorts as a list. */
const SORT_CHOICES = [
  ['questionNo:asc', 'Question number'],
  ['served:desc', 'Most served'],
  ['facility:asc', 'Hardest first (facility)'],
  ['facility:desc', 'Easiest first (facility)'],
  ['avgTime:desc', 'Slowest average time'],
  ['medianTime:desc', 'Slowest median time'],
  ['discrimination:asc', 'Lowest discrimination'],
  ['discrimination:desc', 'Highest discrimination'],
] as const;

function HelpText() {
  return (
    <details className="qr-help" data-testid="qr-help">
      <summary>How these numbers are worked out</summary>
      <ul>
        <li>
          Only <strong>finished</strong> plays count, narrowed by the filters. Dates are days in Pakistan
          time, both ends included.
        </li>
        <li>
          <strong>Served</strong>: times the question was shown (or answered) in those plays.
        </li>
        <li>
          <strong>Facility</strong>: share of servings answered correctly (correct ÷ served); the number
          correct is in brackets.
        </li>
        <li>
          <strong>Avg time</strong> and <strong>Median</strong>: over answered servings only (a timed-out
          question has no time).
        </li>
        <li>
          <strong>Choices</strong>: share of servings that picked each option, lettered by the question's own
          option order (students may see them shuffled); ✓ marks the correct option. For open-ended questions,
          the most common wrong answers (trimmed, lower-case).
        </li>
        <li>
          <strong>D</strong> (discrimination): plays are ranked by score over the whole filtered set and split
          in thirds; D = share correct in the top third − share correct in the bottom third, among plays of
          each third that were served the question. Empty when a third never saw it. Filter by one grade,
          phase and kind for a fair comparison.
        </li>
        <li>
          <strong>Flags</strong>: nobody or everybody correct (served 5+ times); negative D, or low D (below
          0.20), once each third was served the question 5+ times.
        </li>
      </ul>
    </details>
  );
}

export function QuestionReportPage() {
  const can = useCan('question');
  const { query, update, pager, filtered, bind } = useListUrlState(REPORT_LIST);
  const report = useQuestionReport(query);
  const options = useReportOptions();
  const download = useCsvDownload();
  if (can === null) {
    return null;
  }
  const page = report.data;
  const field = (key: FilterKey) => bind(key, `qr-filter-${key}`);

  return (
    <div className="stack">
      <PageHeading title="Question reports">
        How each question performs: how often it is answered correctly, how long it takes, which options
        students pick, and whether it separates stronger from weaker students.
      </PageHeading>
      <Card className="stack" aria-label="Question report">
        <div className="qr-filters">
          <FilterSelect
            label="Phase"
            {...field('phaseId')}
            allLabel="All phases"
            options={options.phases.map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Grade"
            {...field('gradeId')}
            allLabel="All grades"
            options={options.grades.map((g) => ({ value: g._id, label: g.title }))}
          />
          <FilterSelect
            label="Kind"
            {...field('kind')}
            allLabel="All kinds"
            options={REPORT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
          <FilterSelect
            label="Category"
            {...field('categoryId')}
            allLabel="All categories"
            options={options.categories.map((c) => ({ value: c._id, label: c.name }))}
          />
          <TextField label="Finished from" type="date" max={query.to || undefined} {...field('from')} />
          <TextField label="Finished to" type="date" min={query.from || undefined} {...field('to')} />
          <SelectField
            label="Sort by"
            className="qr-sort-select"
            value={`${query.sort}:${query.order}`}
            onChange={(event) => {
              const [sort = 'questionNo', order = 'asc'] = event.target.value.split(':');
              update({ sort, order });
            }}
            data-testid="qr-sort-select"
          >
            {SORT_CHOICES.some(([value]) => value === `${query.sort}:${query.order}`) ? null : (
              <option value={`${query.sort}:${query.order}`}>
                {query.sort} ({query.order === 'asc' ? 'low first' : 'high first'})
              </option>
            )}
            {SORT_CHOICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        </div>
        <ReportToolbar
          prefix="qr"
          download={download}
          canDownload={page !== undefined && page.total > 0}
          onDownload={() => download.mutate({ filters: filtersOf(query), filename: csvFilename() })}
        >
          <p className="muted" data-testid="qr-summary">
            {page === undefined
              ? '\u00a0'
              : `${page.total} ${page.total === 1 ? 'question' : 'questions'} over ${page.plays} finished ${
                  page.plays === 1 ? 'play' : 'plays'
                }`}
          </p>
        </ReportToolbar>
        <HelpText />

        <ListStatus
          query={report}
          loading="Working out the statistics…"
          error={`The report could not be loaded: ${describeError(report.error)}`}
          errorTestId="qr-error"
          empty={
            filtered
              ? 'No finished plays served a question with these filters.'
              : 'No finished plays yet: statistics appear once students finish quizzes.'
          }
          emptyTestId="qr-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <ReportTable
            rows={page.data}
            canOpenQuestion={can('update')}
            busy={report.isFetching}
            sort={query.sort}
            order={query.order}
            onSort={(column) => update(sortChange(query, column))}
          />
        ) : null}
        <ListPager page={page} pager={pager} noun="questions" />
      </Card>
    </div>
  );
}
