import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ComingSoon } from '../../../shared/ui/page';
import { QuizGuidelines } from './quiz-guidelines';
import { quizScreen } from './quiz-params';
import { QuizStart } from './quiz-start';
import './quiz.css';

export function QuizPage() {
  const [params] = useSearchParams();
  const screen = quizScreen(params);
  switch (screen) {
    case 'start':
      return <QuizStart />;
    case 'guidelines':
      return <QuizGuidelines />;
    case 'contest':
      return (
        <ComingSoon title="Contest quiz" backTo={{ href: paths.quiz, label: 'Back to the quiz start' }} />
      );
    case 'practice':
      return (
        <ComingSoon title="Practice quiz" backTo={{ href: paths.quiz, label: 'Back to the quiz start' }} />
      );
    case 'unknown':
      return (
        <p>
          This quiz screen does not exist. <Link to={paths.quiz}>Go to the quiz start</Link>.
        </p>
      );
  }
}

export function QuizResultsPage() {
  return (
    <ComingSoon
      title="Quiz results"
      about="Your score and answers for a finished quiz will be shown here."
      backTo={{ href: paths.dashboard, label: 'Back to the dashboard' }}
    />
  );
}
