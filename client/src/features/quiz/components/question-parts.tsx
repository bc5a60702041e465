import { useRef } from 'react';
import { type MessageKey, useT } from '../../../shared/i18n';
import { RichTextView } from '../../../shared/math/rich-text-view';
import type { ServedOption, ServedQuestion } from '../../../shared/quiz/play-quiz-api';
import { hasExplanation, type OptionMark, optionMark } from '../logic/selection';

const MARK_TEXT: Record<Exclude<OptionMark, null>, MessageKey> = {
  correct: 'quiz.option.correct',
  wrong: 'quiz.option.wrong',
  missed: 'quiz.option.missed',
};

const NO_URDU: ReadonlySet<string> = new Set();

/** A question's own text: Urdu right to left, or English left to right even on an Urdu page. */
export const textDirection = (urdu: boolean) =>
  urdu ? ({ dir: 'rtl', lang: 'ur' } as const) : ({ dir: 'ltr', lang: 'en' } as const);

interface OptionListProps {
  /** The radio group's name (one per question). */
  name: string;
  options: ServedOption[];
  /** Options whose text is Urdu (laid out right to left). */
  urduOptions?: ReadonlySet<string>;
  selected: readonly string[];
  multiple: boolean;
  /** Correct option ids once the answer is revealed; null while answering. */
  correct: readonly string[] | null;
  /**
   * No more changes (revealed, or the answer is on its way). The inputs stay focusable
   * (aria-disabled, not disabled) so the keyboard focus is never dropped to the page.
   */
  locked: boolean;
  onPick?: (optionId: string, viaArrows: boolean) => void;
}

/** Options lettered A, B, C…: radios (one answer) or checkboxes (several), marked once revealed. */
export function OptionList({
  name,
  options,
  urduOptions = NO_URDU,
  selected,
  multiple,
  correct,
  locked,
  onPick,
}: OptionListProps) {
  const t = useT();
  const arrows = useRef(false);
  return (
    <fieldset className="quiz-options" aria-disabled={locked || undefined}>
      <legend className={multiple ? 'quiz-options__hint' : 'visually-hidden'}>
        {multiple ? t('quiz.option.chooseAll') : t('quiz.option.chooseOne')}
      </legend>
      <ul>
        {options.map((option) => {
          const mark = correct === null ? null : optionMark(option._id, selected, correct);
          const isSelected = selected.includes(option._id);
          const urdu = urduOptions.has(option._id);
          return (
            <li key={option._id}>
              <label
                className={`quiz-option${isSelected ? ' quiz-option--selected' : ''}${mark ? ` quiz-option--${mark}` : ''}${locked ? ' quiz-option--locked' : ''}`}
                data-mark={mark ?? undefined}
              >
                <input
                  type={multiple ? 'checkbox' : 'radio'}
                  name={name}
                  className="quiz-option__input"
                  checked={isSelected}
                  aria-disabled={locked || undefined}
                  data-testid="quiz-option"
                  onKeyDown={(event) => {
                    arrows.current = event.key.startsWith('Arrow');
                  }}
                  onChange={() => undefined}
                  onClick={() => {
                    const viaArrows = arrows.current;
                    arrows.current = false;
                    onPick?.(option._id, viaArrows);
                  }}
                />
                <span className="quiz-option__letter" aria-hidden="true">
                  {option.letter}
                </span>
                <span className="visually-hidden">{t('quiz.option.name', { letter: option.letter })} </span>
                <span className="quiz-option__body" {...textDirection(urdu)}>
                  <RichTextView html={option.text} />
                  {option.image ? (
                    <img src={option.image} alt={t('quiz.option.image', { letter: option.letter })} />
                  ) : null}
                </span>
                {mark ? <span className="quiz-option__mark">{t(MARK_TEXT[mark])}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const isWebLink = (url: string) => /^https?:\/\//i.test(url) || url.startsWith('/');

interface ExplanationProps {
  question: ServedQuestion;
  typed?: string;
  /** The hint text is Urdu (laid out right to left). */
  urduHint?: boolean;
}

/** The right answer of an Open Ended question and the explanation (text, image, video) when there is one. */
export function Explanation({ question, typed, urduHint = false }: ExplanationProps) {
  const t = useT();
  const video = question.answerHintVideo;
  const answer = typed?.trim() ?? '';
  return (
    <div className="quiz-explanation stack" data-testid="quiz-explanation">
      {question.type === 'Open Ended' && question.acceptedAnswers.length > 0 ? (
        <p>
          {answer !== '' ? (
            <>
              {t('quiz.explanation.yourAnswer')} <bdi>{answer}</bdi>.{' '}
            </>
          ) : null}
          {question.acceptedAnswers.length === 1
            ? t('quiz.explanation.theAnswer')
            : t('quiz.explanation.accepted')}{' '}
          <bdi dir="ltr">
            <strong>{question.acceptedAnswers.join(', ')}</strong>
          </bdi>
        </p>
      ) : null}
      {hasExplanation(question) ? (
        <>
          <h2 className="quiz-explanation__title">{t('quiz.explanation.title')}</h2>
          {question.answerHintText.trim() !== '' ? (
            <div {...textDirection(urduHint)}>
              <RichTextView html={question.answerHintText} />
            </div>
          ) : null}
          {question.answerHintImage ? (
            <img
              className="quiz-explanation__image"
              src={question.answerHintImage}
              alt={t('quiz.explanation.image')}
            />
          ) : null}
          {video && isWebLink(video) ? (
            <a href={video} target="_blank" rel="noopener noreferrer" className="quiz-explanation__video">
              {question.answerHintThumbnail ? <img src={question.answerHintThumbnail} alt="" /> : null}
              <span>{t('quiz.explanation.video')}</span>
            </a>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
