import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { formatDuration } from '../../../shared/format/duration';
import { Ltr, type Translate, useLanguage, useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import {
  fetchResults,
  fetchWrongAnswers,
  type PlayResults,
  playQuizKeys,
  type ResultsQuestion,
  type WrongAnswer,
} from '../../../shared/quiz/play-quiz-api';
import { reportPlayQuizError } from '../../../shared/quiz/play-quiz-errors';
import { useSessionHydrated, useStudentAuth } from '../../../shared/session/use-session';
import { ButtonLink } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card, LoadingBlock } from '../../../shared/ui/surface';
import { localizeQuestion } from '../logic/localize-question';
import { Explanation, OptionList, textDirection } from './question-parts';
import './quiz.css';
import './quiz-results.css';

const POLL_MS = 1000;

export function QuizResultsPage() {
  const t = useT();
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const playId = params.get('pid') ?? '';
  if (!hydrated) {
    return <LoadingBlock label={t('quiz.loading')} />;
  }
  if (!student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (playId === '') {
    return (
      <div className="stack">
        <PageHeading title={t('quiz.results.title')} />
        <Alert tone="info">
          {t('quiz.results.noQuiz')} <Link to={paths.dashboard}>{t('quiz.backToDashboard')}</Link>
        </Alert>
      </div>
    );
  }
  return <Results playId={playId} />;
}

function Results({ playId }: { playId: string }) {
  const t = useT();
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
    return <LoadingBlock label={t('quiz.results.loading')} />;
  }
  if (results.isError) {
    return (
      <div className="stack">
        <PageHeading title={t('quiz.results.title')} />
        <Alert tone="error">{t('quiz.results.loadFailed')}</Alert>
        <BackLinks />
      </div>
    );
  }
  const { play, reviewOpen } = results.data;
  return (
    <div className="stack" data-testid="quiz-results">
      <PageHeading title={t('quiz.results.title')}>{play.quizTitle}</PageHeading>
      {play.status === 'CANCELLED' ? <Alert tone="info">{t('quiz.results.stopped')}</Alert> : null}
      {play.pending && play.status !== 'CANCELLED' ? (
        <LoadingBlock label={t('quiz.results.adding')} />
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
  const t = useT();
  return (
    <Alert tone="info" data-testid="results-answers-later">
      <p className="quiz-later__title">{t('quiz.results.wellDone')}</p>
      <p className="quiz-later__text">{t('quiz.results.answersLater')}</p>
    </Alert>
  );
}

function Summary({ results }: { results: PlayResults }) {
  const t = useT();
  const { play } = results;
  return (
    <Card className="quiz-summary" aria-label={t('quiz.results.yourScore')}>
      <dl className="quiz-summary__facts">
        <div>
          <dt>{t('quiz.results.score')}</dt>
          <dd data-testid="results-score">
            <Ltr>{play.score === null ? '–' : play.score.toFixed(2)}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('quiz.results.answered')}</dt>
          <dd data-testid="results-answered">
            <Ltr>{t('quiz.results.countOf', { count: play.answeredCount, total: play.questionCount })}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('quiz.results.correct')}</dt>
          <dd data-testid="results-correct">
            <Ltr>
              {t('quiz.results.countOf', { count: play.correctCount ?? '–', total: play.questionCount })}
            </Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('quiz.results.totalTime')}</dt>
          <dd data-testid="results-time">
            <Ltr>{formatDuration(play.totalTimeMs)}</Ltr>
          </dd>
        </div>
      </dl>
    </Card>
  );
}

type Outcome = { symbol: string; text: string; tone: 'none' | 'answered' | 'correct' | 'wrong' };

function outcomeText(question: ResultsQuestion, answersShown: boolean, t: Translate): Outcome {
  if (question.outcome === null) {
    return { symbol: '–', text: t('quiz.outcome.notReached'), tone: 'none' };
  }
  if (question.outcome === 'NO_ANSWER') {
    return { symbol: '–', text: t('quiz.outcome.noAnswer'), tone: 'none' };
  }
  if (!answersShown) {
    return { symbol: '•', text: t('quiz.outcome.answered'), tone: 'answered' };
  }
  if (question.isCorrect === null || question.isCorrect === undefined) {
    return { symbol: '…', text: t('quiz.outcome.marking'), tone: 'none' };
  }
  return question.isCorrect
    ? { symbol: '✓', text: t('quiz.outcome.correct'), tone: 'correct' }
    : { symbol: '✗', text: t('quiz.outcome.wrong'), tone: 'wrong' };
}

function OutcomeList({ questions, answersShown }: { questions: ResultsQuestion[]; answersShown: boolean }) {
  const t = useT();
  return (
    <Card aria-labelledby="results-questions-title">
      <h2 id="results-questions-title">{t('quiz.results.byQuestion')}</h2>
      <ol className="quiz-outcomes" data-testid="results-outcomes">
        {questions.map((question) => {
          const outcome = outcomeText(question, answersShown, t);
          return (
            <li key={question.index} className={`quiz-outcome quiz-outcome--${outcome.tone}`}>
              <span className="quiz-outcome__symbol" aria-hidden="true">
                {outcome.symbol}
              </span>
              <span>{t('quiz.outcome.line', { number: question.index + 1, outcome: outcome.text })}</span>
              <span className="muted quiz-outcome__time">
                {question.timeTakenMs === null || question.timeTakenMs === undefined ? (
                  ''
                ) : (
                  <Ltr>{formatDuration(question.timeTakenMs)}</Ltr>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

function Review({ playId }: { playId: string }) {
  const t = useT();
  const wrong = useQuery({
    queryKey: playQuizKeys.wrong(playId),
    queryFn: ({ signal }) => fetchWrongAnswers(playId, signal),
  });
  return (
    <Card aria-labelledby="results-review-title" data-testid="results-review">
      <h2 id="results-review-title">{t('quiz.review.title')}</h2>
      {wrong.isPending ? (
        <LoadingBlock label={t('quiz.review.loading')} />
      ) : wrong.isError ? (
        <Alert tone="error">{t('quiz.review.loadFailed')}</Alert>
      ) : wrong.data.length === 0 ? (
        <p>{t('quiz.review.allRight')}</p>
      ) : (
        <ol className="quiz-review">
          {wrong.data.map((item) => (
            <ReviewItem key={item.index} item={item} />
          ))}
        </ol>
      )}
    </Card>
  );
}

/** One missed question, in Urdu where it has Urdu and the child reads Urdu. */
function ReviewItem({ item }: { item: WrongAnswer }) {
  const t = useT();
  const { question, urduParts } = localizeQuestion(item.question, useLanguage());
  return (
    <li className="stack">
      <h3>{t('quiz.review.question', { number: item.index + 1 })}</h3>
      <div {...textDirection(urduParts.question)}>
        <RichTextView html={question.question} className="quiz-question__text" />
      </div>
      {question.type === 'MCQs' ? (
        <OptionList
          name={`review-${item.index}`}
          options={question.questionOptions}
          urduOptions={urduParts.options}
          selected={item.selectedOptionIds}
          multiple={question.selectMultiple}
          correct={question.correctAnswerList}
          locked
        />
      ) : null}
      <Explanation
        question={question}
        typed={item.answerText ?? undefined}
        urduHint={urduParts.answerHintText}
      />
    </li>
  );
}

function BackLinks() {
  const t = useT();
  return (
    <div className="row">
      <ButtonLink to={paths.dashboard} data-testid="results-dashboard">
        {t('quiz.backToDashboard')}
      </ButtonLink>
      <ButtonLink to={paths.practiceQuiz} variant="secondary">
        {t('quiz.results.practiseMore')}
      </ButtonLink>
    </div>
  );
}
