/** Keys that move focus along a toolbar (WAI-ARIA toolbar pattern); anything else is left alone. */
export type ToolbarMove = 'next' | 'previous' | 'first' | 'last';

export function toolbarMove(key: string, rtl: boolean): ToolbarMove | null {
  switch (key) {
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/**
 * The tool that gets focus after a move from `from`, skipping disabled tools and wrapping round at
 * the ends; `from` itself when no other tool can take focus.
 */
export function nextToolIndex(from: number, move: ToolbarMove, disabled: readonly boolean[]): number {
  const count = disabled.length;
  if (count === 0) {
    return from;
  }
  const step = move === 'next' || move === 'last' ? 1 : -1;
  let index = move === 'first' ? 0 : move === 'last' ? count - 1 : from + step;
  const firstStep = move === 'first' ? 1 : move === 'last' ? -1 : step;
  for (let tried = 0; tried < count; tried += 1) {
    const wrapped = ((index % count) + count) % count;
    if (!disabled[wrapped]) {
      return wrapped;
    }
    index = wrapped + firstStep;
  }
  return from;
}

/** The tool that holds the toolbar's single tab stop: the remembered one, or the first enabled. */
export function tabStopIndex(remembered: number, disabled: readonly boolean[]): number {
  if (remembered >= 0 && remembered < disabled.length && !disabled[remembered]) {
    return remembered;
  }
  const first = disabled.indexOf(false);
  return first === -1 ? 0 : first;
}
