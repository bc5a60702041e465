import { buttonClass } from '../../../shared/ui/button';
import type { GalleryMove } from '../api/gallery-api';

/** Up and down (or earlier and later) arrows as real buttons, so Tab and Enter move the item. */
export function MoveArrows({
  name,
  first,
  last,
  pending,
  onMove,
  testId,
}: {
  name: string;
  first: boolean;
  last: boolean;
  pending: boolean;
  onMove: (direction: GalleryMove) => void;
  testId: string;
}) {
  const arrow = (direction: GalleryMove, disabled: boolean, glyph: string) => (
    <button
      type="button"
      className={buttonClass({ variant: 'secondary', small: true })}
      aria-label={`Move ${name} ${direction === 'up' ? 'earlier' : 'later'}`}
      disabled={disabled}
      aria-disabled={pending ? true : undefined}
      onClick={() => !pending && onMove(direction)}
      data-testid={`${testId}-${direction}`}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <span className="gallery-arrows">
      {arrow('up', first, '↑')}
      {arrow('down', last, '↓')}
    </span>
  );
}
