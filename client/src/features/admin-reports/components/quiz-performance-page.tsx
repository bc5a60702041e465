import type { QuizPerformanceQuestion, QuizPerformanceReport } from '@riyazi/api/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useListUrlState } from '../../../shared/admin-list';
import { describeError } from '../../../shared/http/http-error';
import { Button } from '../../../shared/ui/button';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { useQuizPerformance, useQuizPerformanceCsv } from '../api/quiz-performance-api';
import {
  binLabel,
  csvFilename,
  percent,
  QUIZ_PERFORMANCE_LIST,
  score,
  seconds,
  shortDay,
} from './quiz-performance-query';
import { ReportToolbar } from './report-toolbar';
import '../../../shared/admin-list/admin-list.css';
import '../../../shared/ui/facts.css';
import './quiz-performance.css';

// recharts is big: only the charts load it, after the rest of the page.
const ScoreHistogram = lazy(() =>
  import('./quiz-performance-charts').then((m) => ({ default: m.ScoreHistogram })),
);
const OverTimeChart = lazy(() =>
  import('./quiz-performance-charts').then((m) => ({ default: m.OverTimeChart })),
);

const count = (n: number) => n.toLocaleString('en-PK');
const plays = (n: number, what = 'play') => `${count(n)} ${what}${n === 1 ? '' : 's'}`;

/** "most scored 6–8 (40 plays)", or the scores that tie for it: "most scored 0, 2 or 3 (1 play each)". */
function mostCommon(histogram: QuizPerformanceReport['histogram']): string {
  const most = Math.max(...histogram.map((bin) => bin.plays));
  const labels = histogram.filter((bin) => bin.plays === most).map(binLabel);
  if (labels.length === 1) {
    return `most scored ${labels[0]} (${plays(most)})`;
  }
  return `most scored ${labels.slice(0, -1).join(', ')} or ${labels.at(-1)} (${plays(most)} each)`;
}

const FILTERS = [
  { key: 'quizId', label: 'Quiz', allLabel: 'All quizzes', list: 'quizzes' },
  { key: 'phaseId', label: 'Phase', allLabel: 'All phases', list: 'phases' },
  { key: 'gradeId', label: 'Grade', allLabel: 'All grades', list: 'grades' },
] as const;

function Tiles({ report }: { report: QuizPerformanceReport }) {
  const tiles: { id: string; label: string; value: string; wide?: boolean }[] = [
    { id: 'players', label: 'Players', value: count(report.players) },
    { id: 'finished', label: 'Finished plays', value: count(report.finished) },
    { id: 'abandoned', label: 'Abandoned', value: count(report.abandoned) },
    { id: 'mean', label: 'Mean score', value: score(report.meanScore) },
    { id: 'median', label: 'Median score', value: score(report.medianScore) },
    { id: 'time', label: 'Time per question', value: seconds(report.meanTimePerQuestionMs) },
    {
      id: 'attempts',
      label: 'Students by attempts used (1 / 2 / 3+)',
      value: `${count(report.attempts.one)} / ${count(report.attempts.two)} / ${count(report.attempts.threeOrMore)}`,
      wide: true,
    },
  ];
  return (
    <dl className="facts qp-tiles" aria-label="Figures for the filtered plays">
      {tiles.map((tile) => (
        <div key={tile.id} className={tile.wide ? 'qp-tile qp-tile--wide' : 'qp-tile'}>
          <dt>{tile.label}</dt>
          <dd data-testid={`qp-tile-${tile.id}`}>{tile.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A chart card: the chart for eyes, the same figures as a table for screen readers. */
function ChartCard({
  id,
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  id: string;
  title: string;
  summary: string;
  chart: ReactNode;
  columns: readonly string[];
  rows: readonly { key: string; cells: readonly (string | number)[] }[];
}) {
  return (
    <Card aria-labelledby={`qp-${id}-title`}>
      <h2 id={`qp-${id}-title`} className="card__title qp-card-title">
        {title}
      </h2>
      <p className="muted qp-chart-summary">{summary}</p>
      <div className="qp-chart-box" data-testid={`qp-chart-${id}`} role="img" aria-label={summary}>
        <Suspense fallback={<LoadingBlock label="Loading the chart…" />}>{chart}</Suspense>
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={columns[i]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function QuestionList({
  id,
  title,
  rows,
}: {
  id: string;
  title: string;
  rows: readonly QuizPerformanceQuestion[];
}) {
  return (
    <Card aria-labelledby={`qp-${id}-title`}>
      <h2 id={`qp-${id}-title`} className="card__title qp-card-title">
        {title}
      </h2>
      <ol className="qp-questions" data-testid={`qp-${id}`}>
        {rows.map((q) => (
          <li key={q._id} className="qp-question" data-testid="qp-question" data-question-no={q.questionNo}>
            <span className="qp-question__no">Q{q.questionNo}</span>
            <span className="qp-question__text">{q.preview}</span>
            <span className="qp-question__share">
              {percent(q.shareCorrect)}{' '}
              <span className="muted">
                ({q.correct} of {q.answers})
              </span>
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Report({ report }: { report: QuizPerformanceReport }) {
  const histogramSummary =
    report.finished === 0
      ? 'No finished plays.'
      : `Score distribution of ${plays(report.finished, 'finished play')}, scores 0 to ${report.maxScore}; ${mostCommon(report.histogram)}.`;
  const days = report.overTime;
  const overTimeSummary =
    days.length === 0
      ? 'No finished plays.'
      : `Finished plays and mean score per day in Pakistan time, ${
          days.length === 1
            ? `on ${shortDay(days[0]!.day)}`
            : `${shortDay(days[0]!.day)} to ${shortDay(days.at(-1)!.day)}`
        }.`;
  return (
    <>
      <Tiles report={report} />
      <div className="qp-charts">
        <ChartCard
          id="histogram"
          title="Score distribution"
          summary={histogramSummary}
          chart={<ScoreHistogram histogram={report.histogram} />}
          columns={['Score', 'Finished plays']}
          rows={report.histogram.map((bin) => ({ key: String(bin.from), cells: [binLabel(bin), bin.plays] }))}
        />
        <ChartCard
          id="over-time"
          title="Over time"
          summary={overTimeSummary}
          chart={<OverTimeChart overTime={report.overTime} maxScore={report.maxScore} />}
          columns={['Day', 'Finished plays', 'Mean score']}
          rows={days.map((d) => ({ key: d.day, cells: [shortDay(d.day), d.finished, d.meanScore] }))}
        />
      </div>
      <div className="qp-charts">
        <QuestionList id="hardest" title="Hardest questions" rows={report.hardest} />
        <QuestionList id="easiest" title="Easiest questions" rows={report.easiest} />
      </div>
    </>
  );
}

export function QuizPerformancePage() {
  const { query, bind } = useListUrlState(QUIZ_PERFORMANCE_LIST);
  const filters = { quizId: query.quizId, phaseId: query.phaseId, gradeId: query.gradeId };
  const report = useQuizPerformance(filters);
  const download = useQuizPerformanceCsv();
  const data = report.data;
  const empty = data !== undefined && data.plays === 0;

  return (
    <div className="stack">
      <PageHeading title="Quiz performance">
        How a quiz went for a phase and grade: who played, who finished, how the scores spread, which
        questions were hardest, and how it went day by day (Pakistan time). Scores count finished plays only;
        abandoned plays were cancelled or ran out of contest time.
      </PageHeading>
      <Card className="stack" aria-label="Filters">
        <div className="qp-filters">
          {FILTERS.map(({ key, label, allLabel, list }) => (
            <FilterSelect
              key={key}
              label={label}
              {...bind(key, `qp-filter-${key}`)}
              allLabel={allLabel}
              options={(data?.options[list] ?? []).map((o) => ({ value: o._id, label: o.name }))}
            />
          ))}
        </div>
        <ReportToolbar
          prefix="qp"
          download={download}
          canDownload={data !== undefined && !empty}
          onDownload={() => download.mutate({ filters, filename: csvFilename() })}
        >
          <p className="muted qp-summary" data-testid="qp-summary" aria-live="polite">
            {data === undefined
              ? '\u00a0'
              : `${count(data.plays)} ${data.plays === 1 ? 'play' : 'plays'} match`}
            {report.isFetching && data !== undefined ? ' (updating…)' : ''}
          </p>
        </ReportToolbar>
      </Card>
      {report.isPending ? <LoadingBlock label="Working out the figures…" /> : null}
      {report.isError ? (
        <Alert tone="error" data-testid="qp-error">
          The report could not be loaded: {describeError(report.error)}{' '}
          <Button variant="secondary" onClick={() => report.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {empty ? (
        <Card>
          <p className="muted qp-empty" data-testid="qp-empty">
            No plays match these filters.
          </p>
        </Card>
      ) : null}
      {data !== undefined && !empty ? <Report report={data} /> : null}
    </div>
  );
}
