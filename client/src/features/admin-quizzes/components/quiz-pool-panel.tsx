import { Alert, Spinner } from '../../../shared/ui/surface';
import type { PoolReport } from '../api/quizzes-api';

export function PoolPanel({
  waiting,
  loading,
  error,
  report,
  saveProblem,
}: {
  waiting: boolean;
  loading: boolean;
  error: Error | null;
  report: PoolReport | null;
  saveProblem: string | null;
}) {
  if (waiting) {
    return <p className="muted">Choose a phase, at least one grade and the counts to check the pool.</p>;
  }
  return (
    <div className="stack" aria-live="polite" aria-busy={loading}>
      {loading ? <Spinner label="Checking the pool…" /> : null}
      {error !== null ? <Alert tone="error">The pool could not be checked: {error.message}</Alert> : null}
      {saveProblem !== null && (report === null || error !== null) ? (
        <Alert tone="error">{saveProblem}</Alert>
      ) : null}
      {report !== null && error === null ? (
        <>
          {/* The one place the shortfall is said; a refused save points here (data-problem). */}
          <p
            className={report.sufficient ? '' : 'field__error'}
            data-testid="qz-pool-message"
            data-problem={saveProblem !== null ? true : undefined}
          >
            {report.message ?? 'Every grade can fill an attempt.'}
          </p>
          {saveProblem !== null && !report.sufficient ? (
            <p className="muted">To save, add questions, change the pool, or save the quiz as inactive.</p>
          ) : null}
          <ul className="qz-pool">
            {report.grades.map((g) => (
              <li
                key={g.gradeId}
                className={`qz-pool__grade ${g.shortBy > 0 ? 'qz-pool__grade--short' : ''}`}
                data-testid="qz-pool-grade"
              >
                <p>
                  <strong>{g.gradeTitle}</strong>:{' '}
                  {g.shortBy > 0
                    ? `${g.shortBy} short, ${g.available} of ${g.needed}`
                    : `${g.needed} of ${g.needed}`}{' '}
                  <span className="muted">({g.eligible} eligible)</span>
                </p>
                {g.rules.some((r) => r.shortBy > 0) ? (
                  <ul>
                    {g.rules
                      .filter((r) => r.shortBy > 0)
                      .map((r) => (
                        <li key={r.position}>
                          Rule {r.position} ({r.label}): {r.available} of {r.needed}
                        </li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
