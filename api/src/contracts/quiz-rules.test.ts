import { describe, expect, it } from 'vitest';
import { describeSeconds, QUIZ_DEFAULTS, quizRulesText, UNLIMITED_ATTEMPTS } from './quiz-rules.js';

describe('quizRulesText', () => {
  it('states the spec §5 rules for a default contest', () => {
    expect(
      quizRulesText({
        kind: 'CONTEST',
        questionCount: QUIZ_DEFAULTS.questionCount,
        secondsPerQuestion: QUIZ_DEFAULTS.secondsPerQuestion,
        attemptsAllowed: QUIZ_DEFAULTS.attemptsAllowed.CONTEST,
      }),
    ).toEqual([
      '15 multiple-choice questions per attempt.',
      'You have 2 attempts.',
      'Each correct answer scores up to 1 point, so the maximum score is 15: faster answers score higher.',
      'You have 3 minutes (180 seconds) for each question.',
      'Options are lettered A, B, C and so on.',
    ]);
  });

  it("uses the quiz's own numbers and singulars", () => {
    const text = quizRulesText({
      kind: 'CONTEST',
      questionCount: 1,
      secondsPerQuestion: 45,
      attemptsAllowed: 1,
    });
    expect(text).toContain('1 multiple-choice question per attempt.');
    expect(text).toContain('You have 1 attempt.');
    expect(text).toContain('You have 45 seconds for each question.');
    expect(text.join(' ')).toContain('the maximum score is 1:');
  });

  it('says practice shows answers as you go and leaves out an unlimited attempt count', () => {
    const text = quizRulesText({
      kind: 'PRACTICE',
      questionCount: 10,
      secondsPerQuestion: 60,
      attemptsAllowed: UNLIMITED_ATTEMPTS,
    });
    expect(text.some((s) => /attempts?\./.test(s) && s.startsWith('You have'))).toBe(false);
    expect(text).toContain('You have 1 minute (60 seconds) for each question.');
    expect(text.join(' ')).toMatch(/right and wrong answers as you go/);
  });

  it('keeps a limited practice attempt count', () => {
    const text = quizRulesText({
      kind: 'PRACTICE',
      questionCount: 10,
      secondsPerQuestion: 90,
      attemptsAllowed: 3,
    });
    expect(text).toContain('You have 3 attempts.');
    expect(text).toContain('You have 90 seconds for each question.');
  });
});

describe('describeSeconds', () => {
  it('reads whole minutes as minutes and the rest as seconds', () => {
    expect(describeSeconds(180)).toBe('3 minutes');
    expect(describeSeconds(60)).toBe('1 minute');
    expect(describeSeconds(90)).toBe('90 seconds');
    expect(describeSeconds(10)).toBe('10 seconds');
  });
});
