import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import {
  CONTEST_ATTEMPTS,
  isQuizType,
  MAX_SCORE_PER_QUESTION,
  QUESTION_TIME_SECONDS,
  QUESTIONS_PER_ATTEMPT,
} from '../../../config/quiz-rules';
import { Button } from '../../../shared/ui/button';
import { PageHeading } from '../../../shared/ui/page';
import { Alert, Card } from '../../../shared/ui/surface';

function readType(state: unknown) {
  if (typeof state === 'object' && state !== null && 'type' in state && isQuizType(state.type)) {
    return state.type;
  }
  return null;
}

export function QuizGuidelines() {
  const type = readType(useLocation().state);
  const [asked, setAsked] = useState(false);
  const title =
    type === 'CONTEST' ? 'Contest quiz rules' : type === 'PRACTICE' ? 'Practice quiz rules' : 'Quiz rules';
  return (
    <div className="stack">
      <PageHeading title={title}>Please read the rules before you start.</PageHeading>
      <Card>
        <ul className="rules">
          <li>Each attempt has {QUESTIONS_PER_ATTEMPT} multiple-choice questions.</li>
          <li>You have {CONTEST_ATTEMPTS} attempts.</li>
          <li>
            The maximum score is {MAX_SCORE_PER_QUESTION} for each correct answer, and faster answers score
            higher.
          </li>
          <li>You have {QUESTION_TIME_SECONDS} seconds for each question.</li>
          <li>The options of each question are lettered A, B, C and so on.</li>
        </ul>
        <div className="stack">
          <Button onClick={() => setAsked(true)}>Start</Button>
          {asked ? <Alert tone="info">Starting a quiz is not available yet.</Alert> : null}
        </div>
      </Card>
    </div>
  );
}
