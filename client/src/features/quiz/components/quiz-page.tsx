import type { QuizKind } from '@riyazi/api/contracts';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../shared/hooks/use-document-title';
import { type MessageKey, useT } from '../../../shared/i18n';
import { GUIDELINES_URL } from '../../../shared/quiz/quiz-urls';
import type { QuizRef } from '../../../shared/session/session-types';
import { useQuizState, useSessionHydrated, useStudentAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import type { DeliveryStatus } from '../logic/answer-outbox';
import { QuestionScreen } from './question-screen';
import { QuizGuidelines } from './quiz-guidelines';
import { questionNumber, quizScreen } from './quiz-params';
import { QuizStart } from './quiz-start';
import { useAnswerDelivery } from './use-answer-delivery';
import './quiz.css';
import './quiz-results.css';

export { QuizResultsPage } from './quiz-results-page';

/** The quiz layout is not private (spec §2), but every screen past the start needs a student. */
export function QuizPage() {
  const t = useT();
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const screen = quizScreen(params);
  if (screen === 'start') {
    return <QuizStart />;
  }
  if (!hydrated) {
    return <LoadingBlock label={t('quiz.loading')} />;
  }
  if (!student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  if (screen === 'guidelines') {
    return <QuizGuidelines />;
  }
  if (screen === 'contest' || screen === 'practice') {
    const kind = screen === 'contest' ? 'CONTEST' : 'PRACTICE';
    return <PlayScreen kind={kind} params={params} studentId={student.studentId} />;
  }
  return (
    <div className="stack">
      <PageHeading title={t('quiz.unknown.title')} />
      <p>
        {t('quiz.unknown.text')} <Link to={paths.quiz}>{t('quiz.goToStart')}</Link>
      </p>
    </div>
  );
}

interface PlayScreenProps {
  kind: QuizKind;
  params: URLSearchParams;
  studentId: number;
}

function PlayScreen({ kind, params, studentId }: PlayScreenProps) {
  const t = useT();
  const quiz = useQuizState();
  const play = kind === 'CONTEST' ? quiz.contestQuiz : quiz.practiceQuiz;
  const qno = questionNumber(params);
  const quizId = params.get('id');
  const usable = play !== null && Array.isArray(play.questionIds) && play.quizId === quizId;
  if (!usable || qno === null || qno >= play.questionIds.length) {
    const title = kind === 'CONTEST' ? t('quiz.contest.title') : t('quiz.practice.title');
    return (
      <div className="stack">
        <PageHeading title={title} />
        <Alert tone="info" data-testid="play-missing">
          {t('quiz.play.missing')}
        </Alert>
        <p>
          <Link to={GUIDELINES_URL} state={{ type: kind, quizId: quizId ?? undefined }}>
            {kind === 'CONTEST' ? t('quiz.play.contestRules') : t('quiz.play.practiceRules')}
          </Link>
        </p>
      </div>
    );
  }
  return <Play key={play._id} kind={kind} play={play} qno={qno} studentId={studentId} />;
}

const STATUS_TEXT: Record<Exclude<DeliveryStatus, 'idle'>, MessageKey> = {
  sending: 'quiz.delivery.sending',
  offline: 'quiz.delivery.offline',
  saved: 'quiz.delivery.saved',
  expired: 'quiz.delivery.expired',
};

/**
 * One play on this device. An answer left waiting by a reload or a closed tab is sent before the
 * question is asked for; the delivery status lives here so it outlasts the move to the next question.
 */
function Play({
  kind,
  play,
  qno,
  studentId,
}: {
  kind: QuizKind;
  play: QuizRef;
  qno: number;
  studentId: number;
}) {
  const t = useT();
  const delivery = useAnswerDelivery(studentId, kind, play, qno);
  const { status, statusQno } = delivery;
  const text = status === 'idle' ? null : t(STATUS_TEXT[status]);
  return (
    <div className="stack">
      {delivery.resuming ? (
        <WaitingAnswer
          qno={delivery.waiting?.qno ?? qno}
          count={play.questionIds.length}
          title={play.title}
        />
      ) : (
        // A new key per question: its selection and clock start afresh.
        <QuestionScreen key={`${play._id}:${qno}`} kind={kind} play={play} qno={qno} delivery={delivery} />
      )}
      <div role="status" aria-live="polite" data-testid="answer-status" data-status={status}>
        {text === null || statusQno === null ? null : (
          <p className={`quiz-delivery quiz-delivery--${status}`}>
            {t('quiz.delivery.about', { number: statusQno + 1 })} {text}
          </p>
        )}
      </div>
    </div>
  );
}

/** Shown while an answer kept on the device is resent (after a reload), before anything else. */
function WaitingAnswer({ qno, count, title }: { qno: number; count: number; title: string }) {
  const t = useT();
  const heading = t('quiz.question.heading', { number: qno + 1, count });
  useDocumentTitle(heading);
  return (
    <div className="quiz-question stack" data-testid="answer-waiting">
      <div className="quiz-question__bar">
        <div className="quiz-question__count">
          <span className="muted">{title}</span>
          <h1 className="quiz-question__heading">{heading}</h1>
        </div>
      </div>
      <p className="card">{t('quiz.delivery.waitingText')}</p>
    </div>
  );
}
