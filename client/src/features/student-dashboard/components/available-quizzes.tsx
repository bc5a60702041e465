import type { QuizKind } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { type AvailableQuiz, fetchAvailableQuizzes, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { GUIDELINES_URL, type GuidelinesState } from '../../../shared/quiz/quiz-urls';
import { useStartPlay } from '../../../shared/quiz/use-start-play';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';

const minutes = (seconds: number) => (seconds % 60 === 0 ? `${seconds / 60} min` : `${seconds} s`);

/** The quizzes of one kind the student may take now, each with Start (rules first) or Resume. */
export function AvailableQuizzes({ type }: { type: QuizKind }) {
  const navigate = useNavigate();
  const available = useQuery({
    queryKey: playQuizKeys.available(type),
    queryFn: ({ signal }) => fetchAvailableQuizzes(type, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
  useEffect(() => {
    if (available.error) {
      reportPlayQuizError(available.error, navigate);
    }
  }, [available.error, navigate]);

  if (available.isPending) {
    return <LoadingBlock label="Loading your quizzes…" />;
  }
  if (available.isError) {
    return (
      <Alert tone="error">
        Your quizzes could not be loaded.{' '}
        <Button small variant="secondary" onClick={() => void available.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (available.data.length === 0) {
    return (
      <p className="muted" data-testid={`no-${type.toLowerCase()}-quiz`}>
        No {type === 'CONTEST' ? 'contest' : 'practice'} quiz is open for your grade right now.
      </p>
    );
  }
  return (
    <ul className="quiz-list" data-testid={`${type.toLowerCase()}-quizzes`}>
      {available.data.map((quiz) => (
        <QuizItem key={quiz._id} quiz={quiz} type={type} />
      ))}
    </ul>
  );
}

function QuizItem({ quiz, type }: { quiz: AvailableQuiz; type: QuizKind }) {
  const start = useStartPlay();
  const contest = type === 'CONTEST';
  const guidelines: GuidelinesState = { type, quizId: quiz._id };
  const noAttempts = contest && quiz.attemptsLeft < 1 && quiz.openPlayId === null;
  return (
    <li className="quiz-list__item" data-testid="available-quiz">
      <div className="quiz-list__text">
        <h3>{quiz.title}</h3>
        <p className="muted">
          {quiz.questionCount} questions · {minutes(quiz.secondsPerQuestion)} each
          {quiz.closesAt
            ? ` · closes ${new Date(quiz.closesAt).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`
            : ''}
        </p>
        {contest ? (
          <p>
            Attempts left: <strong data-testid="quiz-attempts-left">{quiz.attemptsLeft}</strong>
          </p>
        ) : null}
      </div>
      {quiz.openPlayId !== null ? (
        <Button
          onClick={() => start.mutate({ quizId: quiz._id, type })}
          disabled={start.isPending}
          data-testid="quiz-resume-play"
        >
          {start.isPending ? 'Opening…' : 'Resume'}
        </Button>
      ) : noAttempts ? (
        <Link to={paths.dashboardPayment}>Get attempts</Link>
      ) : (
        <ButtonLink to={GUIDELINES_URL} state={guidelines} data-testid="quiz-start-link">
          Start<span className="visually-hidden"> {quiz.title}</span>
        </ButtonLink>
      )}
    </li>
  );
}
