import { describe, expect, it } from 'vitest';
import { quizScreen } from './quiz-params';

const screen = (query: string) => quizScreen(new URLSearchParams(query));

describe('quizScreen', () => {
  it('shows the start screen unless started is true', () => {
    expect(screen('')).toBe('start');
    expect(screen('started=false&code=contest')).toBe('start');
  });

  it('follows the code once started', () => {
    expect(screen('started=true&code=guidelines')).toBe('guidelines');
    expect(screen('started=true&code=contest&id=q1&qno=0')).toBe('contest');
    expect(screen('started=true&code=practice')).toBe('practice');
    expect(screen('started=true&code=other')).toBe('unknown');
  });
});
