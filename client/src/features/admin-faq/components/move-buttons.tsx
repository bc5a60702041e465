import { buttonClass } from '../../../shared/ui/button';
import type { FaqMove } from '../api/faq-api';

interface MoveButtonsProps {
  /** What moves, for the buttons' names: 'group Payments', a question. */
  name: string;
  /** Finds the arrows again after the list is redrawn (focus follows the moved row). */
  moveKey: string;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: FaqMove) => void;
  testId: string;
}

/** Up and down arrows: real buttons, so Tab reaches them and Enter or Space moves the row. */
export function MoveButtons({ name, moveKey, first, last, pending, onMove, testId }: MoveButtonsProps) {
  const arrow = (direction: FaqMove, disabled: boolean, glyph: string) => (
    <button
      type="button"
      className={`${buttonClass({ variant: 'secondary', small: true })} move-button`}
      aria-label={`Move ${name} ${direction}`}
      title={`Move ${direction}`}
      disabled={disabled}
      aria-disabled={pending ? true : undefined}
      onClick={() => !pending && onMove(direction)}
      data-move={`${moveKey}:${direction}`}
      data-testid={`${testId}-${direction}`}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <span className="move-buttons">
      {arrow('up', first, '↑')}
      {arrow('down', last, '↓')}
    </span>
  );
}
