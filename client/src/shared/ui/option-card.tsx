import type { ReactNode } from 'react';
import { assetUrl } from '../files/asset-url';
import { RichTextView } from '../math/rich-text-view';
import './option-card.css';

/** A question's picture or an option's, at most its own size (never upscaled), or nothing. */
export function QuestionFigure({ src, alt }: { src: string | null; alt: string }) {
  return src === null ? null : (
    <img className="question-figure" src={assetUrl(src)} alt={alt} loading="lazy" />
  );
}

interface OptionCardProps {
  option: { _id: string; letter: string; text: string; image: string | null };
  /** Green for the correct answer, red for a wrong choice. */
  tone: 'correct' | 'wrong' | 'plain';
  /** What staff should see beside the option: "✓ Correct", "Chosen". */
  marks?: ReactNode;
  testId: string;
  /** Extra data attributes for tests and styles (data-chosen, data-correct). */
  data?: Record<`data-${string}`, string | boolean>;
}

/** One lettered option of a question as staff review it: its letter badge, text, figure and marks. */
export function OptionCard({ option, tone, marks, testId, data }: OptionCardProps) {
  return (
    <li
      className={`option-card option-card--${tone}`}
      data-testid={testId}
      data-letter={option.letter}
      {...data}
    >
      <span className="option-card__letter" aria-hidden="true">
        {option.letter}
      </span>
      <span className="visually-hidden">Option {option.letter}: </span>
      <div className="option-card__body">
        <RichTextView html={option.text} />
        <QuestionFigure src={option.image} alt={`Option ${option.letter} figure`} />
      </div>
      {marks}
    </li>
  );
}

/** The lettered options of a question, read as one list. */
export function OptionCards({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ol className="option-cards" aria-label={label}>
      {children}
    </ol>
  );
}
