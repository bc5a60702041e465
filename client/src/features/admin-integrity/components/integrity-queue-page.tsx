import { REVIEW_STATES, SIGNAL_KINDS } from '@riyazi/api/contracts';
import { Link } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { ListPager, useCan, useListUrlState } from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { describeError } from '../../../shared/http/http-error';
import { FilterSelect } from '../../../shared/ui/filter-select';
import { ListStatus } from '../../../shared/ui/list-status';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { useFlaggedPlays } from '../api/integrity-api';
import { DECISION_LABELS, KIND_LABELS, STATE_LABELS, strengthText } from './integrity-labels';
import { QUEUE_LIST } from './integrity-query';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './integrity.css';

export function IntegrityQueuePage() {
  const can = useCan('integrity');
  const { query, pager, filtered, bind, params } = useListUrlState(QUEUE_LIST);
  const list = useFlaggedPlays(query);
  if (can === null) {
    return null;
  }
  const page = list.data;
  const options = page?.options ?? { phases: [], grades: [] };
  const back = params.toString();
  return (
    <div className="stack">
      <PageHeading title="Integrity review">
        Contest plays whose answers look impossible for one child alone, strongest signal first. Open a play
        to see the evidence side by side{can('update') ? ' and decide: clear, warn or disqualify' : ''}.
        Copied answers are found by checking a whole phase, in{' '}
        <Link to={adminPagePath('integrityChecks')}>integrity checks</Link>.
      </PageHeading>
      <Card className="stack" aria-label="Flagged plays">
        <div className="list-filters">
          <FilterSelect
            label="Phase"
            {...bind('phaseId', 'ir-filter-phaseId')}
            allLabel="All phases"
            options={options.phases.map((p) => ({ value: p._id, label: p.name }))}
          />
          <FilterSelect
            label="Grade"
            {...bind('gradeId', 'ir-filter-gradeId')}
            allLabel="All grades"
            options={options.grades.map((g) => ({ value: g._id, label: g.name }))}
          />
          <FilterSelect
            label="Signal"
            {...bind('kind', 'ir-filter-kind')}
            allLabel="Any signal"
            options={SIGNAL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
          />
          <FilterSelect
            label="Decision"
            {...bind('decision', 'ir-filter-decision')}
            allLabel="Any decision"
            options={REVIEW_STATES.map((s) => ({ value: s, label: STATE_LABELS[s] }))}
          />
        </div>
        <ListStatus
          query={list}
          loading="Loading flagged plays…"
          error={`The queue could not be loaded: ${describeError(list.error)}`}
          errorTestId="ir-error"
          empty={filtered ? 'No flagged plays match these filters.' : 'No flagged plays: nothing to review.'}
          emptyTestId="ir-empty"
        />
        {page !== undefined && page.data.length > 0 ? (
          <table className="data-table data-table--top stacked-table" data-testid="ir-queue">
            <thead>
              <tr>
                <th scope="col">Student</th>
                <th scope="col">Grade · phase</th>
                <th scope="col">Score · rank</th>
                <th scope="col">Signals</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {page.data.map((play) => (
                <tr key={play._id} data-testid="ir-row" data-play-id={play._id}>
                  <th scope="row" data-label="Student">
                    <Link
                      to={`${adminPagePath('integrityPlay', { id: play._id })}${back ? `?from=${encodeURIComponent(back)}` : ''}`}
                      data-testid="ir-open"
                    >
                      {play.student.fullName}
                    </Link>
                    <span className="muted ir-sub">
                      #{play.student.studentNo} · {formatDateTime(play.finishedAt)}
                    </span>
                  </th>
                  <td data-label="Grade · phase">
                    {play.grade.title} · {play.phase.name}
                  </td>
                  <td data-label="Score · rank">
                    {play.score.toFixed(2)} · {play.rank === null ? 'not ranked' : `#${play.rank}`}
                  </td>
                  <td data-label="Signals">
                    <ul className="chip-list" aria-label="Signals">
                      {play.signals.map((s) => (
                        <li key={s.kind} className="chip" data-testid="ir-signal">
                          {KIND_LABELS[s.kind]} <strong>{strengthText(s.strength)}</strong>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label="Decision" data-testid="ir-decision">
                    {play.decision === null ? (
                      <span className="muted">Undecided</span>
                    ) : (
                      <span className={`ir-decision ir-decision--${play.decision.toLowerCase()}`}>
                        {DECISION_LABELS[play.decision]}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
        {page !== undefined ? <ListPager page={page} pager={pager} noun="plays" /> : null}
      </Card>
    </div>
  );
}
