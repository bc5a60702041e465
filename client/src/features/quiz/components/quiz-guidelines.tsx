import { quizRulesText } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { isQuizType } from '../../../config/quiz-rules';
import { fetchAvailableQuizzes, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { useStartPlay } from '../../../shared/quiz/use-start-play';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';

function readState(state: unknown) {
  if (typeof state === 'object' && state !== null && 'type' in state && isQuizType(state.type)) {
    const quizId = 'quizId' in state && typeof state.quizId === 'string' ? state.quizId : null;
    return { type: state.type, quizId };
  }
  return null;
}

/** Spec §2/§5: the rules of the chosen quiz, with its own numbers, and Start (or Resume). */
export function QuizGuidelines() {
  const wanted = readState(useLocation().state);
  if (wanted === null) {
    return (
      <div className="stack">
        <PageHeading title="Quiz rules" />
        <Alert tone="info">
          Choose a quiz first. <Link to={paths.quiz}>Go to the quiz start</Link>.
        </Alert>
      </div>
    );
  }
  return <GuidelinesFor type={wanted.type} quizId={wanted.quizId} />;
}

function GuidelinesFor({ type, quizId }: { type: 'CONTEST' | 'PRACTICE'; quizId: string | null }) {
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

  const title = contest ? 'Contest quiz rules' : 'Practice quiz rules';
  const quizzes = available.data ?? [];
  const chosen = quizzes.find((quiz) => quiz._id === choice) ?? quizzes[0] ?? null;

  return (
    <div className="stack" data-testid="quiz-guidelines">
      <PageHeading title={title}>Please read the rules before you start.</PageHeading>
      {available.isPending ? <LoadingBlock label="Loading the quizzes open to you…" /> : null}
      {available.isError ? (
        <Alert tone="error">
          The quizzes could not be loaded.{' '}
          <Button small variant="secondary" onClick={() => void available.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {available.isSuccess && chosen === null ? (
        <Alert tone="info" data-testid="no-quiz">
          No {contest ? 'contest' : 'practice'} quiz is open for your grade right now.{' '}
          <Link to={paths.dashboard}>Back to the dashboard</Link>
        </Alert>
      ) : null}
      {quizzes.length > 1 ? (
        <fieldset className="quiz-pick">
          <legend>Choose a quiz</legend>
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
            {quizRulesText(chosen).map((sentence) => (
              <li key={sentence}>{sentence}</li>
            ))}
          </ul>
          {contest ? (
            <p data-testid="attempts-left">
              Attempts left: <strong>{chosen.attemptsLeft}</strong>
            </p>
          ) : null}
          {contest && chosen.attemptsLeft < 1 && chosen.openPlayId === null ? (
            <Alert tone="info">
              You have no contest attempts left. <Link to={paths.dashboardPayment}>Get attempts</Link>
            </Alert>
          ) : (
            <Button
              block
              onClick={() => start.mutate({ quizId: chosen._id, type })}
              disabled={start.isPending}
              data-testid="quiz-start"
            >
              {start.isPending ? 'Starting…' : chosen.openPlayId !== null ? 'Resume' : 'Start'}
            </Button>
          )}
        </Card>
      ) : null}
    </div>
  );
}
