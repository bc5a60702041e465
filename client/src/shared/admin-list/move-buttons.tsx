import type { ListMove } from '@riyazi/api/contracts';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../ui/button';

interface MoveButtonsProps {
  /** What moves, for the buttons' names: 'group Payments', a question, 'photo 2'. */
  name: string;
  /** Finds the arrows again after the list is redrawn (focus follows the moved row). */
  moveKey: string;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: ListMove) => void;
  testId: string;
}

/** Up and down arrows: real buttons, so Tab reaches them and Enter or Space moves the row. */
export function MoveButtons({ name, moveKey, first, last, pending, onMove, testId }: MoveButtonsProps) {
  const arrow = (direction: ListMove, disabled: boolean, glyph: string) => (
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

/** The row that moved last: its arrow takes focus again, and `said` is announced. */
type Moved = { key: string; direction: ListMove; said: string };

/**
 * Focus for a list of MoveButtons: once a move is shown (`shown`, the list's data, has changed)
 * focus goes back to the same arrow of the moved row, or its other arrow at an end, inside
 * `listRef`; `said` is for a polite live region.
 */
export function useMoveFocus<E extends HTMLElement = HTMLDivElement>(shown: unknown) {
  const [moved, setMoved] = useState<Moved | null>(null);
  const listRef = useRef<E>(null);
  useEffect(() => {
    if (moved === null || shown === undefined || listRef.current === null) {
      return;
    }
    const arrow = (direction: ListMove) =>
      listRef.current?.querySelector<HTMLButtonElement>(
        `[data-move="${moved.key}:${direction}"]:not(:disabled)`,
      );
    (arrow(moved.direction) ?? arrow(moved.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [moved, shown]);
  return {
    listRef,
    said: moved?.said ?? '',
    /** A move mutation's onSuccess. */
    onMoved: (key: string, direction: ListMove, said: string) => () => setMoved({ key, direction, said }),
  };
}
