import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isQuizType } from '../../../config/quiz-rules';
import { useT } from '../../../shared/i18n';
import { ContestClosedNote } from '../../../shared/quiz/contest-phase';
import { fetchAvailableQuizzes, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { useStartPlay } from '../../../shared/quiz/use-start-play';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { rulesSentences } from '../logic/quiz-rules-text';

function readState(state: unknown) {
  if (typeof state === 'object' && state !== null && 'type' in state && isQuizType(state.type)) {
    const quizId = 'quizId' in state && typeof state.quizId === 'string' ? state.quizId : null;
    return { type: state.type, quizId };
  }
  return null;
}

/** Spec §2/§5: the rules of the chosen quiz, with its own numbers, and Start (or Resume). */
export function QuizGuidelines() {
  const t = useT();
  const wanted = readState(useLocation().state);
  if (wanted === null) {
    return (
      <div className="stack">
        <PageHeading title={t('quiz.rules.title')} />
        <Alert tone="info">
          {t('quiz.rules.chooseFirst')} <Link to={paths.quiz}>{t('quiz.goToStart')}</Link>
        </Alert>
      </div>
    );
  }
  return <GuidelinesFor type={wanted.type} quizId={wanted.quizId} />;
}

function GuidelinesFor({ type, quizId }: { type: 'CONTEST' | 'PRACTICE'; quizId: string | null }) {
  const t = useT();
  const navigate = useNavigate();
  const groupId = useId();
  const contest = type === 'CONTEST';
  const available = useQuery({
    queryKey: playQuizKeys.available(type),
    queryFn: ({ signal }) => fetchAvailableQuizzes(type, signal),
    staleTime: 0,
  });
  const start = useStartPlay();
  const [choice, setChoice] = useState<string | null>(quizId);
  useEffect(() => {
    if (available.error) {
      reportPlayQuizError(available.error, navigate);
    }
  }, [available.error, navigate]);

  const title = contest ? t('quiz.rules.contestTitle') : t('quiz.rules.practiceTitle');
  const quizzes = available.data ?? [];
  const chosen = quizzes.find((quiz) => quiz._id === choice) ?? quizzes[0] ?? null;

  return (
    <div className="stack" data-testid="quiz-guidelines">
      <PageHeading title={title}>{t('quiz.rules.readFirst')}</PageHeading>
      {available.isPending ? <LoadingBlock label={t('quiz.rules.loading')} /> : null}
      {available.isError ? (
        <Alert tone="error">
          {t('quiz.rules.loadFailed')}{' '}
          <Button small variant="secondary" onClick={() => void available.refetch()}>
            {t('quiz.tryAgain')}
          </Button>
        </Alert>
      ) : null}
      {available.isSuccess && chosen === null ? (
        <Alert tone="info" data-testid="no-quiz">
          {contest ? t('quiz.rules.noContest') : t('quiz.rules.noPractice')}{' '}
          <Link to={paths.dashboard}>{t('quiz.backToDashboard')}</Link>
          {contest ? <ContestClosedNote /> : null}
        </Alert>
      ) : null}
      {quizzes.length > 1 ? (
        <fieldset className="quiz-pick">
          <legend>{t('quiz.rules.chooseQuiz')}</legend>
          {quizzes.map((quiz) => (
            <label key={quiz._id} className="choice">
              <input
                type="radio"
                name={groupId}
                checked={chosen?._id === quiz._id}
                onChange={() => setChoice(quiz._id)}
              />
              <span>{quiz.title}</span>
            </label>
          ))}
        </fieldset>
      ) : null}
      {chosen !== null ? (
        <Card aria-labelledby={`${groupId}-title`}>
          <h2 id={`${groupId}-title`}>{chosen.title}</h2>
          <ul className="rules" data-testid="quiz-rules">
            {rulesSentences(chosen, t).map((rule) =>
              rule.id === 'attempts' ? (
                <li key={rule.id} data-testid="attempts-left">
                  <strong>{rule.text}</strong>
                </li>
              ) : (
                <li key={rule.id}>{rule.text}</li>
              ),
            )}
          </ul>
          {contest && chosen.attemptsLeft < 1 && chosen.openPlayId === null ? (
            <Alert tone="info" data-testid="no-attempts">
              {chosen.allowanceUsed ? (
                // Paying for more attempts would not help: this contest's own allowance is spent.
                t('quiz.rules.allowanceUsed', { count: chosen.attemptsAllowed })
              ) : (
                <>
                  {t('quiz.rules.noAttempts')}{' '}
                  <Link to={paths.dashboardPayment}>{t('quiz.rules.getAttempts')}</Link>
                </>
              )}
            </Alert>
          ) : (
            <Button
              block
              onClick={() => start.mutate({ quizId: chosen._id, type })}
              disabled={start.isPending}
              data-testid="quiz-start"
            >
              {start.isPending
                ? t('quiz.rules.starting')
                : chosen.openPlayId !== null
                  ? t('quiz.rules.resume')
                  : t('quiz.rules.start')}
            </Button>
          )}
        </Card>
      ) : null}
    </div>
  );
}
