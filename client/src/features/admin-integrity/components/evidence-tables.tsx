import type { AnswerCell, PlayEvidence } from '@riyazi/api/contracts';
import { formatDateTime } from '../../../shared/format/date-time';
import { KIND_LABELS, seconds } from './integrity-labels';

function Answer({ cell, match = false }: { cell: AnswerCell; match?: boolean }) {
  const mark = cell.correct === true ? '✓' : cell.correct === false ? '✗' : '';
  const matchClass = match ? (cell.correct === false ? ' ir-match ir-match--wrong' : ' ir-match') : '';
  return (
    <span className={`ir-answer${matchClass}`} data-match={match ? 'true' : undefined}>
      <span className="ir-answer__value">{cell.answer === '' ? '—' : cell.answer}</span>{' '}
      <span aria-hidden="true">{mark}</span>
      {mark === '' ? null : (
        <span className="visually-hidden">{cell.correct === true ? 'right' : 'wrong'}</span>
      )}{' '}
      <span className="muted">{seconds(cell.timeMs)}</span>
      {match ? <span className="visually-hidden"> (same answer)</span> : null}
    </span>
  );
}

/** Per question: this play, each related play (matching answers marked) and the grade's median time. */
export function EvidenceTable({ evidence }: { evidence: PlayEvidence }) {
  const { questions, related, play } = evidence;
  return (
    <div className="ir-evidence-wrap">
      <table className="data-table data-table--compact ir-evidence" data-testid="ir-evidence">
        <thead>
          <tr>
            <th scope="col">Q</th>
            <th scope="col">This play ({play.student.fullName})</th>
            {related.map((r) => (
              <th scope="col" key={r._id}>
                {r.student.fullName}
              </th>
            ))}
            <th scope="col">Grade median</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((q, i) => (
            <tr key={q.questionId} data-testid="ir-question">
              <th scope="row" title={q.preview}>
                {q.no}
              </th>
              <td>
                <Answer cell={q.play} match={related.some((r) => r.answers[i]?.matches === true)} />
              </td>
              {related.map((r) => {
                const cell = r.answers[i];
                return <td key={r._id}>{cell ? <Answer cell={cell} match={cell.matches} /> : '—'}</td>;
              })}
              <td>{seconds(q.medianTimeMs)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {related.length > 0 ? (
        <ul className="ir-related" data-testid="ir-related">
          {related.map((r) => (
            <li key={r._id}>
              <strong>{r.student.fullName}</strong> (#{r.student.studentNo}, finished{' '}
              {formatDateTime(r.finishedAt)}): {r.matching} of {questions.length} answers the same,{' '}
              {r.matchingWrong} of them wrong · {r.kinds.map((k) => KIND_LABELS[k]).join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Other accounts that played the phase from the same device or network (never the hashes). */
export function SameOriginList({ evidence }: { evidence: PlayEvidence }) {
  if (evidence.sameOrigin.length === 0) {
    return <p className="muted">No other contest play of this phase came from the same device or network.</p>;
  }
  return (
    <table className="data-table stacked-table" data-testid="ir-same-origin">
      <thead>
        <tr>
          <th scope="col">Student</th>
          <th scope="col">Finished</th>
          <th scope="col">Shared</th>
        </tr>
      </thead>
      <tbody>
        {evidence.sameOrigin.map((o) => (
          <tr key={o.playId}>
            <th scope="row" data-label="Student">
              {o.student.fullName} <span className="muted">#{o.student.studentNo}</span>
            </th>
            <td data-label="Finished">{formatDateTime(o.finishedAt)}</td>
            <td data-label="Shared">
              {[o.sameDevice ? 'device' : null, o.sameNetwork ? 'network' : null]
                .filter(Boolean)
                .join(' and ')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
