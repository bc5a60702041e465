import type { QuizKind } from '@riyazi/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatStudentDate } from '../../../shared/format/student-dates';
import { Ltr, type Translate, useLanguage, useT } from '../../../shared/i18n';
import { ContestClosedNote } from '../../../shared/quiz/contest-phase';
import { type AvailableQuiz, fetchAvailableQuizzes, playQuizKeys } from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { GUIDELINES_URL, type GuidelinesState } from '../../../shared/quiz/quiz-urls';
import { useStartPlay } from '../../../shared/quiz/use-start-play';
import { Button, ButtonLink } from '../../../shared/ui/button';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';

const eachText = (t: Translate, seconds: number) =>
  seconds % 60 === 0
    ? t('dashboard.quizzes.minutesEach', { minutes: seconds / 60 })
    : t('dashboard.quizzes.secondsEach', { seconds });

/**
 * The quizzes of one kind the student may take now, each with Start (rules first) or Resume.
 * `heading`: the level of each quiz's title, one below the heading the list sits under.
 */
export function AvailableQuizzes({ type, heading = 'h3' }: { type: QuizKind; heading?: 'h2' | 'h3' }) {
  const t = useT();
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
    return <LoadingBlock label={t('dashboard.quizzes.loading')} />;
  }
  if (available.isError) {
    return (
      <Alert tone="error">
        {t('dashboard.quizzes.failed')}{' '}
        <Button small variant="secondary" onClick={() => void available.refetch()}>
          {t('common.tryAgain')}
        </Button>
      </Alert>
    );
  }
  if (available.data.length === 0) {
    return (
      <>
        <p className="muted" data-testid={`no-${type.toLowerCase()}-quiz`}>
          {t(type === 'CONTEST' ? 'dashboard.quizzes.noContest' : 'dashboard.quizzes.noPractice')}
        </p>
        {type === 'CONTEST' ? <ContestClosedNote /> : null}
      </>
    );
  }
  return (
    <ul className="quiz-list" data-testid={`${type.toLowerCase()}-quizzes`}>
      {available.data.map((quiz) => (
        <QuizItem key={quiz._id} quiz={quiz} type={type} heading={heading} />
      ))}
    </ul>
  );
}

function QuizItem({ quiz, type, heading }: { quiz: AvailableQuiz; type: QuizKind; heading: 'h2' | 'h3' }) {
  const t = useT();
  const language = useLanguage();
  const Title = heading;
  const start = useStartPlay();
  const contest = type === 'CONTEST';
  const guidelines: GuidelinesState = { type, quizId: quiz._id };
  const noAttempts = contest && quiz.attemptsLeft < 1 && quiz.openPlayId === null;
  return (
    <li className="quiz-list__item" data-testid="available-quiz">
      <div className="quiz-list__text">
        <Title className="quiz-list__title">{quiz.title}</Title>
        <p className="muted">
          {t('dashboard.quizzes.questions', { count: quiz.questionCount })} ·{' '}
          {eachText(t, quiz.secondsPerQuestion)}
          {quiz.closesAt
            ? ` · ${t('dashboard.quizzes.closes', { date: formatStudentDate(quiz.closesAt, language, 'short') })}`
            : ''}
        </p>
        {contest ? (
          <p>
            {t('dashboard.quizzes.attemptsLeft')}{' '}
            <strong data-testid="quiz-attempts-left">
              <Ltr>{quiz.attemptsLeft}</Ltr>
            </strong>
          </p>
        ) : null}
      </div>
      {quiz.openPlayId !== null ? (
        <Button
          onClick={() => start.mutate({ quizId: quiz._id, type })}
          disabled={start.isPending}
          data-testid="quiz-resume-play"
        >
          {start.isPending ? t('dashboard.quizzes.opening') : t('dashboard.quizzes.resume')}
          <span className="visually-hidden"> {quiz.title}</span>
        </Button>
      ) : noAttempts && quiz.allowanceUsed ? (
        <p className="muted" data-testid="quiz-allowance-used">
          {t('dashboard.quizzes.allowanceUsed', { count: quiz.attemptsAllowed })}
        </p>
      ) : noAttempts ? (
        <Link to={paths.dashboardPayment}>
          {t('dashboard.quizzes.getAttempts')}
          <span className="visually-hidden"> {quiz.title}</span>
        </Link>
      ) : (
        <ButtonLink to={GUIDELINES_URL} state={guidelines} data-testid="quiz-start-link">
          {t('dashboard.quizzes.start')}
          <span className="visually-hidden"> {quiz.title}</span>
        </ButtonLink>
      )}
    </li>
  );
}
