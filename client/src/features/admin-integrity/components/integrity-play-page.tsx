import type { PlayEvidence } from '@riyazi/api/contracts';
import { useParams, useSearchParams } from 'react-router-dom';
import { adminPagePath } from '../../../config/paths';
import { useCan } from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { RecordStatus } from '../../../shared/ui/record-status';
import { Card } from '../../../shared/ui/surface';
import { TitledCard } from '../../../shared/ui/titled-card';
import { usePlayEvidence } from '../api/integrity-api';
import { DecisionForm } from './decision-form';
import { EvidenceTable, SameOriginList } from './evidence-tables';
import { DECISION_LABELS, KIND_LABELS, strengthText } from './integrity-labels';
import '../../../shared/ui/data-table.css';
import '../../../shared/ui/stacked-table.css';
import '../../../shared/admin-list/admin-list.css';
import './integrity.css';

export function IntegrityPlayPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const evidence = usePlayEvidence(id);
  const from = params.get('from');
  return (
    <div className="stack">
      <div className="ir-back">
        <ButtonLink variant="ghost" small to={`${adminPagePath('integrity')}${from ? `?${from}` : ''}`}>
          ← Back to the queue
        </ButtonLink>
      </div>
      <RecordStatus query={evidence} title="Flagged play" noun="flagged play" />
      {evidence.isSuccess ? <PlayView evidence={evidence.data} /> : null}
    </div>
  );
}

function PlayView({ evidence }: { evidence: PlayEvidence }) {
  const can = useCan('integrity');
  const { play, review, history } = evidence;
  return (
    <>
      <PageHeading title={`${play.student.fullName}: ${play.phase.name}, ${play.grade.title}`}>
        Student #{play.student.studentNo} · finished {formatDateTime(play.finishedAt)} · score{' '}
        {play.score.toFixed(2)} ·{' '}
        {play.disqualified ? 'disqualified' : play.rank === null ? 'not ranked' : `rank #${play.rank}`}
      </PageHeading>
      <Card className="stack" aria-label="Signals">
        <ul className="chip-list" data-testid="ir-play-signals">
          {evidence.signals.map((s) => (
            <li key={s.kind} className="chip">
              {KIND_LABELS[s.kind]} <strong>{strengthText(s.strength)}</strong>
            </li>
          ))}
        </ul>
      </Card>
      <TitledCard id="ir-answers" title="Answers and times, side by side">
        <p className="muted">
          Options are lettered in each question's own order (students may have seen them shuffled).
          Highlighted: the same answer as this play; red highlight: the same <em>wrong</em> answer.
        </p>
        <EvidenceTable evidence={evidence} />
      </TitledCard>
      <TitledCard id="ir-origin" title="Accounts on the same device or network">
        <SameOriginList evidence={evidence} />
      </TitledCard>
      <TitledCard id="ir-review" title="Decision">
        {review ? (
          <p data-testid="ir-current-decision">
            <strong>{DECISION_LABELS[review.decision]}</strong> by{' '}
            {review.decidedBy ?? 'a former staff member'} on {formatDateTime(review.decidedAt)}
            {review.studentNotifiedAt ? ' · student e-mailed' : ''}: {review.reason}
          </p>
        ) : (
          <p className="muted" data-testid="ir-current-decision">
            Not decided yet.
          </p>
        )}
        {can?.('update') ? (
          <DecisionForm playId={play._id} studentName={play.student.fullName} />
        ) : (
          <p className="muted" data-testid="ir-read-only">
            You can look at the evidence; deciding needs the integrity update permission.
          </p>
        )}
        {history.length > 0 ? (
          <>
            <h3 className="ir-history-title">History</h3>
            <ol className="ir-history" data-testid="ir-history">
              {history.map((h) => (
                <li key={`${h.at}-${h.decision}`}>
                  {formatDateTime(h.at)} · <strong>{DECISION_LABELS[h.decision]}</strong> by {h.by ?? '—'}
                  {h.notified ? ' (e-mailed)' : ''}: {h.reason}
                </li>
              ))}
            </ol>
          </>
        ) : null}
      </TitledCard>
    </>
  );
}
