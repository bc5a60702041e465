import { useNavigate } from 'react-router-dom';
import type { QuizType } from '../../../config/quiz-rules';
import { GUIDELINES_URL } from '../../../shared/quiz/quiz-urls';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Card } from '../../../shared/ui/surface';

export function QuizStart() {
  const navigate = useNavigate();
  const start = (type: QuizType) => void navigate(GUIDELINES_URL, { state: { type } });
  return (
    <div className="stack">
      <PageHeading title="Start a quiz">Choose which quiz you want to take.</PageHeading>
      <div className="quiz-choice">
        <Card>
          <h2>Contest</h2>
          <p className="muted">Counts towards the rankings of your grade.</p>
          <Button block onClick={() => start('CONTEST')}>
            Start contest Quiz
          </Button>
        </Card>
        <Card>
          <h2>Practice</h2>
          <p className="muted">Warm up; shows the right answers as you go.</p>
          <Button block variant="accent" onClick={() => start('PRACTICE')}>
            Start practice Quiz
          </Button>
        </Card>
      </div>
    </div>
  );
}
