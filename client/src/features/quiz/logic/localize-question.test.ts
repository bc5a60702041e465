import { describe, expect, it } from 'vitest';
import type { ServedQuestion } from '../../../shared/quiz/play-quiz-api';
import { localizeQuestion } from './localize-question';

const english: ServedQuestion = {
  _id: 'q1',
  questionId: 'q1',
  question: '<p>What is 2 + 3?</p>',
  questionImage: null,
  type: 'MCQs',
  questionOptions: [
    { _id: 'a', letter: 'A', text: '<p>Four</p>', image: null },
    { _id: 'b', letter: 'B', text: '<p>Five</p>', image: null },
  ],
  correctAnswerList: [],
  acceptedAnswers: [],
  selectMultiple: false,
  answerHintText: '<p>Count on from 2.</p>',
  answerHintImage: null,
  answerHintVideo: null,
  answerHintThumbnail: null,
};

const urdu = {
  question: '<p>2 + 3 کتنے ہوتے ہیں؟</p>',
  questionOptions: [
    { _id: 'b', text: '<p>پانچ</p>' },
    { _id: 'a', text: '<p>چار</p>' },
  ],
  answerHintText: '<p>2 سے آگے گنیں۔</p>',
};

describe('localizeQuestion', () => {
  it('shows the Urdu stem, options (matched by id, not order) and hint to a child reading Urdu', () => {
    const { question, urduParts } = localizeQuestion({ ...english, urdu }, 'ur');
    expect(question.question).toBe(urdu.question);
    expect(question.questionOptions.map((o) => [o.letter, o.text])).toEqual([
      ['A', '<p>چار</p>'],
      ['B', '<p>پانچ</p>'],
    ]);
    expect(question.answerHintText).toBe(urdu.answerHintText);
    expect(urduParts.question).toBe(true);
    expect([...urduParts.options].sort()).toEqual(['a', 'b']);
    expect(urduParts.answerHintText).toBe(true);
  });

  it('keeps English for a child reading English', () => {
    const served = { ...english, urdu };
    const { question, urduParts } = localizeQuestion(served, 'en');
    expect(question).toBe(served);
    expect(urduParts.question).toBe(false);
    expect(urduParts.options.size).toBe(0);
  });

  it('falls back on English part by part where the Urdu is missing or blank', () => {
    const partial = {
      question: null,
      questionOptions: [
        { _id: 'a', text: '  ' },
        { _id: 'b', text: '<p>پانچ</p>' },
      ],
      answerHintText: null,
    };
    const { question, urduParts } = localizeQuestion({ ...english, urdu: partial }, 'ur');
    expect(question.question).toBe(english.question);
    expect(question.questionOptions.map((o) => o.text)).toEqual(['<p>Four</p>', '<p>پانچ</p>']);
    expect(question.answerHintText).toBe(english.answerHintText);
    expect(urduParts).toMatchObject({ question: false, answerHintText: false });
    expect([...urduParts.options]).toEqual(['b']);
  });

  it('shows English when the question has no Urdu at all', () => {
    for (const none of [null, undefined]) {
      const served = { ...english, urdu: none };
      expect(localizeQuestion(served, 'ur').question).toBe(served);
    }
  });

  it('ignores Urdu for an option the question does not have', () => {
    const stray = { ...urdu, questionOptions: [{ _id: 'zz', text: '<p>غلط</p>' }] };
    const { question, urduParts } = localizeQuestion({ ...english, urdu: stray }, 'ur');
    expect(question.questionOptions.map((o) => o.text)).toEqual(['<p>Four</p>', '<p>Five</p>']);
    expect(urduParts.options.size).toBe(0);
  });
});
