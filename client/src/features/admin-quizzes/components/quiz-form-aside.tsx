import { isUnlimitedAttempts, quizRulesText } from '@riyazi/api/contracts';
import { Card } from '../../../shared/ui/surface';
import { usePoolCheck } from '../api/use-quizzes';
import { poolBodyFromDraft, type QuizDraft, rulesInputFromDraft } from './quiz-form-model';
import { PoolPanel } from './quiz-pool-panel';
import { useSettled } from './use-settled';

/** Beside the form: whether every grade can fill an attempt, and the rules students will read. */
export function QuizFormAside({ draft, saveProblem }: { draft: QuizDraft; saveProblem: string | null }) {
  const poolBody = useSettled(poolBodyFromDraft(draft), 400);
  const pool = usePoolCheck(poolBody);
  const rulesInput = rulesInputFromDraft(draft);
  return (
    <div className="qz-aside">
      <Card className="stack" aria-labelledby="qz-sufficiency" data-testid="qz-pool-panel">
        <h2 id="qz-sufficiency" className="card__title">
          Can every grade fill an attempt?
        </h2>
        <PoolPanel
          waiting={poolBody === null}
          loading={pool.isFetching}
          error={pool.isError ? pool.error : null}
          report={pool.data ?? null}
          saveProblem={saveProblem}
        />
      </Card>
      <Card className="stack" aria-labelledby="qz-rules-preview">
        <h2 id="qz-rules-preview" className="card__title">
          Rules students see
        </h2>
        {rulesInput === null ? (
          <p className="muted">Fill in the numbers to see the rules.</p>
        ) : (
          <ul className="qz-rules-text" data-testid="qz-rules-text">
            {quizRulesText(rulesInput).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
        )}
        {rulesInput !== null && isUnlimitedAttempts(rulesInput) ? (
          <p className="muted">Practice with 100 attempts has no attempt limit.</p>
        ) : null}
      </Card>
    </div>
  );
}
