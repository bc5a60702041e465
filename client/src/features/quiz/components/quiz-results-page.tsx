import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { RichTextView } from '../../../shared/math/rich-text-view';
import {
  fetchResults,
  fetchWrongAnswers,
  type PlayResults,
  playQuizKeys,
  type ResultsQuestion,
} from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { useSessionHydrated, useStudentAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { formatClock } from '../logic/quiz-timer';
import { Explanation, OptionList } from './question-parts';
import './quiz.css';

const POLL_MS = 1000;

export function QuizResultsPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const playId = params.get('pid') ?? '';
  if (!hydrated) {
    return <LoadingBlock />;
  }
  if (!student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (playId === '') {
    return (
      <div className="stack">
        <PageHeading title="Quiz results" />
        <Alert tone="info">
          No quiz was chosen. <Link to={paths.dashboard}>Back to the dashboard</Link>
        </Alert>
      </div>
    );
  }
  return <Results playId={playId} />;
}

function Results({ playId }: { playId: string }) {
  const navigate = useNavigate();
  const results = useQuery({
    queryKey: playQuizKeys.results(playId),
    queryFn: () => fetchResults(playId),
    staleTime: 0,
    // The scoring worker is usually under a second behind: ask again until it has caught up.
    refetchInterval: (query) => (query.state.data?.play.pending === false ? false : POLL_MS),
  });
  useEffect(() => {
    if (results.error) {
      reportPlayQuizError(results.error, navigate);
    }
  }, [results.error, navigate]);

  if (results.isPending) {
    return <LoadingBlock label="Loading your results…" />;
  }
  if (results.isError) {
    return (
      <div className="stack">
        <PageHeading title="Quiz results" />
        <Alert tone="error">The results could not be loaded.</Alert>
        <BackLinks />
      </div>
    );
  }
  const { play, reviewOpen } = results.data;
  return (
    <div className="stack" data-testid="quiz-results">
      <PageHeading title="Quiz results">{play.quizTitle}</PageHeading>
      {play.status === 'CANCELLED' ? <Alert tone="info">This quiz was stopped before the end.</Alert> : null}
      {play.pending && play.status !== 'CANCELLED' ? (
        <LoadingBlock label="Adding up your score…" />
      ) : (
        <Summary results={results.data} />
      )}
      {play.status === 'FINISHED' && !reviewOpen ? <AnswersAfterContest /> : null}
      <OutcomeList questions={results.data.questions} answersShown={reviewOpen} />
      {play.status === 'FINISHED' && !play.pending && reviewOpen ? <Review playId={playId} /> : null}
      <BackLinks />
    </div>
  );
}

/** While the contest is open nothing says which answers were right, so the key cannot be passed on. */
function AnswersAfterContest() {
  return (
    <Alert tone="info" data-testid="results-answers-later">
      <p className="quiz-later__title">Well done for finishing!</p>
      <p className="quiz-later__text">
        To keep the contest fair for everyone, we show which answers were right once the contest is over. Come
        back then to see each question and learn from the ones you missed.
      </p>
    </Alert>
  );
}

function Summary({ results }: { results: PlayResults }) {
  const { play } = results;
  return (
    <Card className="quiz-summary" aria-label="Your score">
      <dl className="quiz-summary__facts">
        <div>
          <dt>Score</dt>
          <dd data-testid="results-score">{play.score === null ? '–' : play.score.toFixed(2)}</dd>
        </div>
        <div>
          <dt>Answered</dt>
          <dd data-testid="results-answered">
            {play.answeredCount} of {play.questionCount}
          </dd>
        </div>
        <div>
          <dt>Correct</dt>
          <dd data-testid="results-correct">
            {play.correctCount ?? '–'} of {play.questionCount}
          </dd>
        </div>
        <div>
          <dt>Total time</dt>
          <dd data-testid="results-time">{formatClock(play.totalTimeMs)}</dd>
        </div>
      </dl>
    </Card>
  );
}

type Outcome = { symbol: string; text: string; tone: 'none' | 'answered' | 'correct' | 'wrong' };

function outcomeText(question: ResultsQuestion, answersShown: boolean): Outcome {
  if (question.outcome === null) {
    return { symbol: '–', text: 'not reached', tone: 'none' };
  }
  if (question.outcome === 'NO_ANSWER') {
    return { symbol: '–', text: 'no answer', tone: 'none' };
  }
  if (!answersShown) {
    return { symbol: '•', text: 'answered', tone: 'answered' };
  }
  if (question.isCorrect === null || question.isCorrect === undefined) {
    return { symbol: '…', text: 'being marked', tone: 'none' };
  }
  return question.isCorrect
    ? { symbol: '✓', text: 'correct', tone: 'correct' }
    : { symbol: '✗', text: 'wrong', tone: 'wrong' };
}

function OutcomeList({ questions, answersShown }: { questions: ResultsQuestion[]; answersShown: boolean }) {
  return (
    <Card aria-labelledby="results-questions-title">
      <h2 id="results-questions-title">Question by question</h2>
      <ol className="quiz-outcomes" data-testid="results-outcomes">
        {questions.map((question) => {
          const outcome = outcomeText(question, answersShown);
          return (
            <li key={question.index} className={`quiz-outcome quiz-outcome--${outcome.tone}`}>
              <span className="quiz-outcome__symbol" aria-hidden="true">
                {outcome.symbol}
              </span>
              <span>
                Question {question.index + 1}: {outcome.text}
              </span>
              <span className="muted quiz-outcome__time">
                {question.timeTakenMs === null || question.timeTakenMs === undefined
                  ? ''
                  : formatClock(question.timeTakenMs)}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function Review({ playId }: { playId: string }) {
  const wrong = useQuery({
    queryKey: playQuizKeys.wrong(playId),
    queryFn: ({ signal }) => fetchWrongAnswers(playId, signal),
  });
  return (
    <Card aria-labelledby="results-review-title" data-testid="results-review">
      <h2 id="results-review-title">Review answers</h2>
      {wrong.isPending ? (
        <LoadingBlock label="Loading the answers…" />
      ) : wrong.isError ? (
        <Alert tone="error">The answers could not be loaded.</Alert>
      ) : wrong.data.length === 0 ? (
        <p>Every answer was right. Well done!</p>
      ) : (
        <ol className="quiz-review">
          {wrong.data.map((item) => (
            <li key={item.index} className="stack">
              <h3>Question {item.index + 1}</h3>
              <RichTextView html={item.question.question} className="quiz-question__text" />
              {item.question.type === 'MCQs' ? (
                <OptionList
                  options={item.question.questionOptions}
                  selected={item.selectedOptionIds}
                  multiple={item.question.selectMultiple}
                  correct={item.question.correctAnswerList}
                  disabled
                />
              ) : null}
              <Explanation question={item.question} typed={item.answerText ?? undefined} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

function BackLinks() {
  return (
    <div className="row">
      <ButtonLink to={paths.dashboard} data-testid="results-dashboard">
        Back to the dashboard
      </ButtonLink>
      <ButtonLink to={paths.practiceQuiz} variant="secondary">
        Practise more
      </ButtonLink>
    </div>
  );
}
