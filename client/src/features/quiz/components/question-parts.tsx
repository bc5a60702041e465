import { RichTextView } from '../../../shared/math/rich-text-view';
import type { ServedOption, ServedQuestion } from '../../../shared/quiz/play-quiz-api';
import { hasExplanation, type OptionMark, optionMark } from '../logic/selection';

const MARK_TEXT: Record<Exclude<OptionMark, null>, string> = {
  correct: 'Correct',
  wrong: 'Wrong',
  missed: 'Correct answer',
};

interface OptionListProps {
  options: ServedOption[];
  selected: readonly string[];
  multiple: boolean;
  /** Correct option ids once the answer is revealed; null while answering. */
  correct: readonly string[] | null;
  disabled: boolean;
  onPick?: (optionId: string) => void;
}

/** Options lettered A, B, C…: toggle buttons (aria-pressed), marked right or wrong once revealed. */
export function OptionList({ options, selected, multiple, correct, disabled, onPick }: OptionListProps) {
  return (
    <fieldset className="quiz-options">
      <legend className={multiple ? 'quiz-options__hint' : 'visually-hidden'}>
        {multiple ? 'Choose all the answers that are right.' : 'Choose one answer.'}
      </legend>
      <ul>
        {options.map((option) => {
          const mark = correct === null ? null : optionMark(option._id, selected, correct);
          const isSelected = selected.includes(option._id);
          return (
            <li key={option._id}>
              <button
                type="button"
                className={`quiz-option${isSelected ? ' quiz-option--selected' : ''}${mark ? ` quiz-option--${mark}` : ''}`}
                aria-pressed={isSelected}
                disabled={disabled}
                onClick={() => onPick?.(option._id)}
                data-testid="quiz-option"
                data-mark={mark ?? undefined}
              >
                <span className="quiz-option__letter" aria-hidden="true">
                  {option.letter}
                </span>
                <span className="visually-hidden">Option {option.letter}: </span>
                <span className="quiz-option__body">
                  <RichTextView html={option.text} />
                  {option.image ? (
                    <img src={option.image} alt={`Drawing for option ${option.letter}`} />
                  ) : null}
                </span>
                {mark ? <span className="quiz-option__mark">{MARK_TEXT[mark]}</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const isWebLink = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

/** The right answer of an Open Ended question and the explanation (text, image, video) when there is one. */
export function Explanation({ question, typed }: { question: ServedQuestion; typed?: string }) {
  const video = question.answerHintVideo;
  return (
    <div className="quiz-explanation stack" data-testid="quiz-explanation">
      {question.type === 'Open Ended' && question.acceptedAnswers.length > 0 ? (
        <p>
          {typed !== undefined && typed.trim() !== '' ? (
            <>
              Your answer: <strong>{typed.trim()}</strong>.{' '}
            </>
          ) : null}
          {question.acceptedAnswers.length === 1 ? 'The answer is ' : 'Accepted answers: '}
          <strong>{question.acceptedAnswers.join(', ')}</strong>.
        </p>
      ) : null}
      {hasExplanation(question) ? (
        <>
          <h2 className="quiz-explanation__title">Explanation</h2>
          {question.answerHintText.trim() !== '' ? <RichTextView html={question.answerHintText} /> : null}
          {question.answerHintImage ? (
            <img src={question.answerHintImage} alt="Drawing for the explanation" />
          ) : null}
          {video && isWebLink(video) ? (
            <a href={video} target="_blank" rel="noopener noreferrer" className="quiz-explanation__video">
              {question.answerHintThumbnail ? <img src={question.answerHintThumbnail} alt="" /> : null}
              <span>Watch the explanation video</span>
            </a>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
