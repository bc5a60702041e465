import type { QuestionReportRow, ReportOrder, ReportSort } from '@riyazi/api/contracts';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { SortableHeader } from '../../../shared/admin-list';
import { RichTextView } from '../../../shared/math/rich-text-view';
import { FLAG_LABELS, percent, seconds, signed } from './report-query';

interface SortProps {
  sort: ReportSort;
  order: ReportOrder;
  onSort: (column: ReportSort) => void;
}

function Choices({ row }: { row: QuestionReportRow }) {
  if (row.type === 'Open Ended') {
    return row.wrongAnswers.length === 0 ? (
      <span className="muted">No wrong answers typed</span>
    ) : (
      <ul className="qr-wrong" aria-label="Most common wrong answers">
        {row.wrongAnswers.map((w) => (
          <li key={w.text}>
            <span className="qr-wrong__text">“{w.text}”</span> × {w.count}
          </li>
        ))}
        <li className="muted">No answer × {row.noAnswer}</li>
      </ul>
    );
  }
  const bars = [
    ...row.options.map((o) => ({ key: o.letter, share: o.share, count: o.count, correct: o.isCorrect })),
    {
      key: '–',
      share: row.served === 0 ? 0 : row.noAnswer / row.served,
      count: row.noAnswer,
      correct: false,
    },
  ];
  return (
    <ul className="qr-options" aria-label="How often each option was chosen">
      {bars.map((bar) => (
        <li
          key={bar.key}
          className={bar.correct ? 'qr-option qr-option--correct' : 'qr-option'}
          data-testid="qr-option"
          title={`${bar.key === '–' ? 'No answer' : `Option ${bar.key}`}: ${bar.count}`}
        >
          <span className="qr-option__label">
            {bar.key === '–' ? 'None' : bar.key}
            {bar.correct ? <span className="visually-hidden"> (correct)</span> : null}
            {bar.correct ? <span aria-hidden="true"> ✓</span> : null}
          </span>
          <span className="qr-option__track" aria-hidden="true">
            <span className="qr-option__bar" style={{ width: `${Math.round(bar.share * 100)}%` }} />
          </span>
          <span className="qr-option__value">{percent(bar.share)}</span>
        </li>
      ))}
    </ul>
  );
}

export function ReportTable({
  rows,
  canOpenQuestion,
  busy,
  ...sorting
}: SortProps & { rows: QuestionReportRow[]; canOpenQuestion: boolean; busy: boolean }) {
  const sort = {
    by: sorting.sort,
    dir: sorting.order,
    onSort: (column: string) => sorting.onSort(column as ReportSort),
  };
  const header = (column: ReportSort, label: string) => (
    <SortableHeader column={column} label={label} sort={sort} testId={`qr-sort-${column}`} />
  );
  return (
    <div className="qr-scroll">
      <table
        className="data-table data-table--top data-table--compact qr-table stacked-table--wide"
        data-testid="qr-table"
        aria-busy={busy}
      >
        <thead>
          <tr>
            {header('questionNo', 'No.')}
            <th scope="col">Question</th>
            {header('served', 'Served')}
            {header('facility', 'Facility')}
            {header('avgTime', 'Avg')}
            {header('medianTime', 'Median')}
            {header('discrimination', 'D')}
            <th scope="col">Choices</th>
            <th scope="col">Flags</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} data-testid="qr-row" data-question-no={row.questionNo}>
              <th scope="row" className="qr-table__no">
                {canOpenQuestion ? (
                  <Link
                    to={adminPagePath('questionView', { id: row._id })}
                    aria-label={`View question ${row.questionNo}`}
                    data-testid="qr-view"
                  >
                    #{row.questionNo}
                  </Link>
                ) : (
                  `#${row.questionNo}`
                )}
              </th>
              <td className="qr-table__question" data-label="Question">
                <span className="qr-question">
                  <RichTextView html={row.previewHtml} className="qr-preview" />
                  <span className="muted qr-meta">
                    {row.type} · {row.grade.title} · {row.category.name}
                  </span>
                </span>
              </td>
              <td className="qr-num" data-label="Served" data-testid="qr-served">
                {row.served}
              </td>
              <td className="qr-num" data-label="Facility (correct)" data-testid="qr-facility">
                <span>
                  {percent(row.facility)} <span className="muted">({row.correct})</span>
                </span>
              </td>
              <td className="qr-num" data-label="Average time">
                {seconds(row.avgTimeMs)}
              </td>
              <td className="qr-num" data-label="Median time">
                {seconds(row.medianTimeMs)}
              </td>
              <td className="qr-num" data-label="Discrimination" data-testid="qr-discrimination">
                {signed(row.discrimination)}
              </td>
              <td className="qr-table__choices" data-label="Choices">
                <Choices row={row} />
              </td>
              <td className="qr-table__flags" data-label="Flags" data-testid="qr-flags">
                {row.flags.length === 0 ? (
                  <span className="muted">—</span>
                ) : (
                  <span className="qr-flags">
                    {row.flags.map((flag) => (
                      <span
                        key={flag}
                        className={`qr-flag qr-flag--${flag.toLowerCase()}`}
                        title={FLAG_LABELS[flag].about}
                        data-testid="qr-flag"
                        data-flag={flag}
                      >
                        {FLAG_LABELS[flag].label}
                      </span>
                    ))}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
