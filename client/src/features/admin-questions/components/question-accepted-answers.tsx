import { useState } from 'react';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { TitledCard } from '../../../shared/ui/titled-card';
import type { QuestionSectionProps } from './question-form-section';
import '../../../shared/admin-list/admin-list.css';

/** The answers an open-ended question accepts. */
export function AcceptedAnswersCard({ draft, problems, update }: QuestionSectionProps) {
  return (
    <TitledCard id="q-accepted" title="Accepted answers">
      <AcceptedAnswers
        answers={draft.acceptedAnswers}
        error={problems.acceptedAnswers}
        onChange={(acceptedAnswers) => update({ acceptedAnswers }, ['acceptedAnswers'])}
      />
    </TitledCard>
  );
}

function AcceptedAnswers({
  answers,
  onChange,
  error,
}: {
  answers: string[];
  onChange: (answers: string[]) => void;
  error?: string | undefined;
}) {
  const [text, setText] = useState('');
  const add = () => {
    const answer = text.trim();
    if (answer !== '' && !answers.includes(answer)) {
      onChange([...answers, answer]);
    }
    setText('');
  };
  return (
    <div className="stack" data-field="acceptedAnswers">
      <p className="field__hint">
        Numbers are compared by value, so 0.5, .5 and 1/2 all match each other. Text is compared ignoring
        capitals and spaces at the ends. Add each other way of writing the answer that should count.
      </p>
      <div className="q-form__add-answer">
        <TextField
          label="Accepted answer"
          value={text}
          maxLength={200}
          error={error}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          data-testid="q-answer-input"
        />
        <Button variant="secondary" onClick={add} disabled={text.trim() === ''} data-testid="q-answer-add">
          Add
        </Button>
      </div>
      {answers.length > 0 ? (
        <ul className="chip-list" data-testid="q-answers">
          {answers.map((answer) => (
            <li key={answer} className="q-form__answer">
              <span>{answer}</span>
              <button
                type="button"
                className="q-form__answer-remove"
                aria-label={`Remove ${answer}`}
                onClick={() => onChange(answers.filter((a) => a !== answer))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
