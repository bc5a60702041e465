import { isUnlimitedAttempts, quizRulesText } from '@riyazi/api/contracts';
import { TitledCard } from '../../../shared/ui/titled-card';
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
      <TitledCard id="qz-sufficiency" title="Can every grade fill an attempt?" data-testid="qz-pool-panel">
        <PoolPanel
          waiting={poolBody === null}
          loading={pool.isFetching}
          error={pool.isError ? pool.error : null}
          report={pool.data ?? null}
          saveProblem={saveProblem}
        />
      </TitledCard>
      <TitledCard id="qz-rules-preview" title="Rules students see">
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
      </TitledCard>
    </div>
  );
}
