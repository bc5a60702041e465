import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../shared/i18n';
import { format } from '../../../shared/i18n/i18n-store';
import { en } from '../../../shared/i18n/messages/en';
import { ur } from '../../../shared/i18n/messages/ur';
import { rulesSentences, type StudentQuizRules } from './quiz-rules-text';

const inEnglish: Translate = (key, params) => format(en[key], params);
const inUrdu: Translate = (key, params) => format(ur[key], params);

const contest: StudentQuizRules = {
  kind: 'CONTEST',
  questionCount: 15,
  secondsPerQuestion: 180,
  attemptsAllowed: 2,
  attemptsLeft: 1,
  answerKinds: { choice: true, typed: false },
};
const texts = (quiz: StudentQuizRules, t: Translate = inEnglish) =>
  rulesSentences(quiz, t).map((r) => r.text);

describe('rulesSentences', () => {
  it('tells a contest player the attempts they have left, not the quiz’s allowance', () => {
    expect(texts(contest)).toEqual([
      '15 multiple-choice questions per attempt.',
      'You have 1 attempt left.',
      'Each correct answer scores up to 1 point, so the maximum score is 15: faster answers score higher.',
      'You have 3 minutes (180 seconds) for each question.',
      'Options are lettered A, B, C and so on.',
    ]);
    expect(texts({ ...contest, attemptsLeft: 2 })[1]).toBe('You have 2 attempts left.');
    // None left: the screen's own notice says so; the rules do not.
    expect(texts({ ...contest, attemptsLeft: 0 }).join(' ')).not.toMatch(/You have \d+ attempts?/);
  });

  it('names the kinds of question the quiz really holds', () => {
    const mixed = texts({ ...contest, answerKinds: { choice: true, typed: true } });
    expect(mixed[0]).toBe(
      '15 questions per attempt: choose the right option, or type the answer where there are no options.',
    );
    const typed = texts({ ...contest, answerKinds: { choice: false, typed: true } });
    expect(typed[0]).toBe('15 questions per attempt: type the answer to each.');
    // Without options there are no letters to explain.
    expect(typed.join(' ')).not.toMatch(/lettered/);
    expect(texts({ ...contest, questionCount: 1, answerKinds: { choice: false, typed: true } })[0]).toBe(
      '1 question per attempt: type the answer.',
    );
  });

  it('says nothing of attempts in practice, which never spends one, and reads whole minutes or seconds', () => {
    const practice = texts({ ...contest, kind: 'PRACTICE', secondsPerQuestion: 90, attemptsLeft: 3 });
    expect(practice.join(' ')).not.toMatch(/attempts? left|You have \d+ attempts?/);
    expect(practice).toContain('You have 90 seconds for each question.');
    expect(practice).toContain(
      'You see right and wrong answers as you go, with an explanation where there is one.',
    );
    expect(texts({ ...contest, secondsPerQuestion: 60 })).toContain(
      'You have 1 minute (60 seconds) for each question.',
    );
  });

  it('says the same rules in Urdu with the quiz’s own numbers', () => {
    const quiz = { ...contest, answerKinds: { choice: true, typed: true } };
    const sentences = texts(quiz, inUrdu);
    expect(sentences).toHaveLength(texts(quiz).length);
    expect(sentences.join(' ')).toMatch(/15/);
    expect(sentences.join(' ')).toMatch(/180/);
    expect(sentences.join(' ')).toContain('1 کوشش باقی');
    expect(sentences.join(' ')).not.toMatch(/[{}]|questions|attempt/);
  });
});
