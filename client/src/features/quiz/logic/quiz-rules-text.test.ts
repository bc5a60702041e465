import { type QuizRulesInput, quizRulesText } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../../../shared/i18n';
import { format } from '../../../shared/i18n/i18n-store';
import { en } from '../../../shared/i18n/messages/en';
import { ur } from '../../../shared/i18n/messages/ur';
import { rulesSentences } from './quiz-rules-text';

const inEnglish: Translate = (key, params) => format(en[key], params);
const inUrdu: Translate = (key, params) => format(ur[key], params);

const quizzes: QuizRulesInput[] = [
  { kind: 'CONTEST', questionCount: 15, secondsPerQuestion: 180, attemptsAllowed: 2 },
  { kind: 'CONTEST', questionCount: 1, secondsPerQuestion: 60, attemptsAllowed: 1 },
  { kind: 'PRACTICE', questionCount: 10, secondsPerQuestion: 90, attemptsAllowed: 100 },
  { kind: 'PRACTICE', questionCount: 5, secondsPerQuestion: 1, attemptsAllowed: 3 },
];

describe('rulesSentences', () => {
  it('says in English exactly what the api says', () => {
    for (const quiz of quizzes) {
      expect(rulesSentences(quiz, inEnglish)).toEqual(quizRulesText(quiz));
    }
  });

  it('says the same rules in Urdu with the quiz’s own numbers', () => {
    const sentences = rulesSentences(quizzes[0]!, inUrdu);
    expect(sentences).toHaveLength(quizRulesText(quizzes[0]!).length);
    expect(sentences.join(' ')).toMatch(/15/);
    expect(sentences.join(' ')).toMatch(/180/);
    expect(sentences.join(' ')).not.toMatch(/[{}]|questions|attempt/);
  });
});
