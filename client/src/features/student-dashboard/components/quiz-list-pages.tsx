import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';
import { AvailableQuizzes } from './available-quizzes';
import './dashboard.css';

export function PracticeQuizPage() {
  return (
    <div className="stack" data-testid="practice-quiz-page">
      <PageHeading title="Practice quiz">
        Warm up at your own pace: you see the right answers and explanations as you go.
      </PageHeading>
      <Card>
        <AvailableQuizzes type="PRACTICE" />
      </Card>
    </div>
  );
}

export function ContestQuizPage() {
  return (
    <div className="stack" data-testid="contest-quiz-page">
      <PageHeading title="Contest quiz">
        Quick, correct answers score highest. A contest cannot be paused once it starts.
      </PageHeading>
      <Card>
        <AvailableQuizzes type="CONTEST" />
      </Card>
    </div>
  );
}
