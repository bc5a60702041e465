import { describe, expect, it } from 'vitest';
import { diff } from './changes.js';
import { usageMessage } from './in-use.js';

describe('usageMessage', () => {
  it('names every non-zero count with its plural and joins the last with "and"', () => {
    expect(
      usageMessage('grade', [
        [12, 'question', 'questions'],
        [0, 'student', 'students'],
        [2, 'quiz', 'quizzes'],
        [1, 'play', 'plays'],
      ]),
    ).toBe('This grade is used by 12 questions, 2 quizzes and 1 play: deactivate it instead');
  });

  it('is null when nothing uses the row', () => {
    expect(usageMessage('category', [[0, 'question', 'questions']])).toBeNull();
  });
});

describe('diff', () => {
  it('keeps only the requested fields whose value really changes, comparing dates by time', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    const result = diff(
      { name: 'Phase 1', startsAt: at, number: 1 },
      { name: 'Phase 1', startsAt: new Date(at), number: 2 },
    );
    expect(result).toEqual({ changes: { number: { from: 1, to: 2 } }, set: { number: 2 }, changed: true });
  });
});
