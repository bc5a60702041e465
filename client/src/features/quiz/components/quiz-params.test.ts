import { describe, expect, it } from 'vitest';
import { questionNumber, quizScreen } from './quiz-params';

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

describe('questionNumber', () => {
  it('reads a zero-based whole number', () => {
    expect(questionNumber(new URLSearchParams('qno=0'))).toBe(0);
    expect(questionNumber(new URLSearchParams('qno=14'))).toBe(14);
  });

  it('refuses a missing or malformed qno', () => {
    expect(questionNumber(new URLSearchParams(''))).toBeNull();
    expect(questionNumber(new URLSearchParams('qno=-1'))).toBeNull();
    expect(questionNumber(new URLSearchParams('qno=1.5'))).toBeNull();
    expect(questionNumber(new URLSearchParams('qno=abc'))).toBeNull();
  });
});
