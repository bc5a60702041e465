import { describe, expect, it } from 'vitest';
import { nextToolIndex, tabStopIndex, toolbarMove } from './toolbar-keys';

describe('toolbar keyboard', () => {
  it('maps arrows to the reading direction, and Home and End to the ends', () => {
    expect(toolbarMove('ArrowRight', false)).toBe('next');
    expect(toolbarMove('ArrowLeft', false)).toBe('previous');
    expect(toolbarMove('ArrowRight', true)).toBe('previous');
    expect(toolbarMove('ArrowLeft', true)).toBe('next');
    expect(toolbarMove('Home', false)).toBe('first');
    expect(toolbarMove('End', true)).toBe('last');
    expect(toolbarMove('Tab', false)).toBeNull();
  });

  it('moves to the neighbour and wraps round at both ends', () => {
    const none = [false, false, false];
    expect(nextToolIndex(0, 'next', none)).toBe(1);
    expect(nextToolIndex(2, 'next', none)).toBe(0);
    expect(nextToolIndex(0, 'previous', none)).toBe(2);
    expect(nextToolIndex(1, 'first', none)).toBe(0);
    expect(nextToolIndex(0, 'last', none)).toBe(2);
  });

  it('skips disabled tools, and stays put when no other tool can take focus', () => {
    expect(nextToolIndex(0, 'next', [false, true, false])).toBe(2);
    expect(nextToolIndex(2, 'previous', [false, true, false])).toBe(0);
    expect(nextToolIndex(1, 'last', [false, false, true])).toBe(1);
    expect(nextToolIndex(1, 'first', [true, false, false])).toBe(1);
    expect(nextToolIndex(0, 'next', [false, true, true])).toBe(0);
  });

  it('keeps one tab stop, on the remembered tool unless it is disabled', () => {
    expect(tabStopIndex(2, [false, false, false])).toBe(2);
    expect(tabStopIndex(2, [false, false, true])).toBe(0);
    expect(tabStopIndex(5, [true, false])).toBe(1);
  });
});
