import type { QuizKind } from '@riyazi/api/contracts';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { GUIDELINES_URL } from '../../../shared/quiz/quiz-urls';
import { useQuizState, useSessionHydrated, useStudentAuth } from '../../../shared/session/use-session';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, LoadingBlock } from '../../../shared/ui/surface';
import { QuestionScreen } from './question-screen';
import { QuizGuidelines } from './quiz-guidelines';
import { questionNumber, quizScreen } from './quiz-params';
import { QuizStart } from './quiz-start';
import './quiz.css';

export { QuizResultsPage } from './quiz-results-page';

/** The quiz layout is not private (spec §2), but every screen past the start needs a student. */
export function QuizPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const hydrated = useSessionHydrated();
  const student = useStudentAuth();
  const screen = quizScreen(params);
  if (screen !== 'start' && !hydrated) {
    return <LoadingBlock />;
  }
  if (screen !== 'start' && !student?.token.accessToken) {
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  }
  switch (screen) {
    case 'start':
      return <QuizStart />;
    case 'guidelines':
      return <QuizGuidelines />;
    case 'contest':
      return <PlayScreen kind="CONTEST" params={params} />;
    case 'practice':
      return <PlayScreen kind="PRACTICE" params={params} />;
    case 'unknown':
      return (
        <p>
          This quiz screen does not exist. <Link to={paths.quiz}>Go to the quiz start</Link>.
        </p>
      );
  }
}

function PlayScreen({ kind, params }: { kind: QuizKind; params: URLSearchParams }) {
  const quiz = useQuizState();
  const play = kind === 'CONTEST' ? quiz.contestQuiz : quiz.practiceQuiz;
  const qno = questionNumber(params);
  const quizId = params.get('id');
  const usable = play !== null && Array.isArray(play.questionIds) && play.quizId === quizId;
  if (!usable || qno === null || qno >= play.questionIds.length) {
    return (
      <div className="stack">
        <PageHeading title={kind === 'CONTEST' ? 'Contest quiz' : 'Practice quiz'} />
        <Alert tone="info" data-testid="play-missing">
          This quiz is not open on this device. Open it from the rules screen to start or resume it.
        </Alert>
        <p>
          <Link to={GUIDELINES_URL} state={{ type: kind, quizId: quizId ?? undefined }}>
            Go to the {kind === 'CONTEST' ? 'contest' : 'practice'} rules
          </Link>
        </p>
      </div>
    );
  }
  // A new key per question: its selection, clock and send state start afresh.
  return <QuestionScreen key={`${play._id}:${qno}`} kind={kind} play={play} qno={qno} />;
}
