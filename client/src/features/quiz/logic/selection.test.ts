import { describe, expect, it } from 'vitest';
import {
  answersToSend,
  canSubmit,
  feedbackReady,
  hasExplanation,
  optionMark,
  toggleOption,
} from './selection';

describe('toggleOption', () => {
  it('single choice: picking an option replaces the other', () => {
    expect(toggleOption(['a'], 'b', false)).toEqual(['b']);
  });

  it('single choice: picking it again unselects it', () => {
    expect(toggleOption(['a'], 'a', false)).toEqual([]);
  });

  it('multi-select: each option toggles on its own', () => {
    expect(toggleOption(['a'], 'b', true)).toEqual(['a', 'b']);
    expect(toggleOption(['a', 'b'], 'a', true)).toEqual(['b']);
  });
});

describe('canSubmit', () => {
  it('is disabled while the request is in flight', () => {
    expect(canSubmit({ inFlight: true, remainingMs: 10_000, hasAnswer: true })).toBe(false);
    expect(canSubmit({ inFlight: true, remainingMs: 0, hasAnswer: false })).toBe(false);
  });

  it('is disabled while time remains and nothing is chosen', () => {
    expect(canSubmit({ inFlight: false, remainingMs: 10_000, hasAnswer: false })).toBe(false);
  });

  it('is enabled with an answer, or once the time is up', () => {
    expect(canSubmit({ inFlight: false, remainingMs: 10_000, hasAnswer: true })).toBe(true);
    expect(canSubmit({ inFlight: false, remainingMs: 0, hasAnswer: false })).toBe(true);
  });
});

describe('practice feedback', () => {
  it('shows once the chosen count equals the number of correct answers', () => {
    expect(feedbackReady(1, 1)).toBe(true);
    expect(feedbackReady(1, 2)).toBe(false);
    expect(feedbackReady(2, 2)).toBe(true);
    expect(feedbackReady(0, 0)).toBe(false);
  });

  it('marks chosen right, chosen wrong and missed right options', () => {
    expect(optionMark('a', ['a'], ['a'])).toBe('correct');
    expect(optionMark('b', ['b'], ['a'])).toBe('wrong');
    expect(optionMark('a', ['b'], ['a'])).toBe('missed');
    expect(optionMark('c', ['b'], ['a'])).toBeNull();
  });

  it('an explanation exists when any of text, image or video is non-empty', () => {
    const none = { answerHintText: '<p> </p>', answerHintImage: null, answerHintVideo: null };
    expect(hasExplanation(none)).toBe(false);
    expect(hasExplanation({ ...none, answerHintText: '<p>Add the tens</p>' })).toBe(true);
    expect(hasExplanation({ ...none, answerHintImage: '/uploads/a.png' })).toBe(true);
    expect(hasExplanation({ ...none, answerHintVideo: 'https://example.com/v' })).toBe(true);
  });
});

describe('answersToSend', () => {
  it('sends option ids, or the trimmed typed value of an Open Ended question', () => {
    expect(answersToSend('MCQs', ['a', 'b'], '')).toEqual(['a', 'b']);
    expect(answersToSend('Open Ended', [], ' 42 ')).toEqual(['42']);
    expect(answersToSend('Open Ended', [], '  ')).toEqual([]);
  });
});
