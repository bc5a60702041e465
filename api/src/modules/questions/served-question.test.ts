import { describe, expect, it } from 'vitest';
import { type StoredQuestion, serveQuestion } from './served-question.js';

const mcq: StoredQuestion = {
  id: 'q1',
  questionHtml: '<p>Which is <span class="math-inline">\\frac{1}{2}</span>?</p>',
  questionImage: '/uploads/images/abc-960.webp',
  type: 'MCQS',
  selectMultiple: false,
  answerHintText: '<p>Half.</p>',
  answerHintImage: null,
  answerHintVideo: 'https://video.example/half',
  answerHintThumbnail: null,
  acceptedAnswers: [],
  options: [
    { id: 'o3', position: 3, textHtml: '<p>0.5</p>', image: null, isCorrect: true },
    { id: 'o1', position: 1, textHtml: '<p>2</p>', image: null, isCorrect: false },
    { id: 'o2', position: 2, textHtml: '<p> </p>', image: null, isCorrect: false },
    { id: 'o4', position: 4, textHtml: '', image: '/uploads/images/def-960.webp', isCorrect: false },
  ],
};

describe('serveQuestion', () => {
  it('drops options with neither text nor image and letters the rest in position order', () => {
    const served = serveQuestion(mcq, { revealAnswers: true });
    expect(served.questionOptions).toEqual([
      { _id: 'o1', letter: 'A', text: '<p>2</p>', image: null },
      { _id: 'o3', letter: 'B', text: '<p>0.5</p>', image: null },
      { _id: 'o4', letter: 'C', text: '', image: '/uploads/images/def-960.webp' },
    ]);
    expect(served).toMatchObject({
      _id: 'q1',
      questionId: 'q1',
      type: 'MCQs',
      correctAnswerList: ['o3'],
      answerHintText: '<p>Half.</p>',
      answerHintVideo: 'https://video.example/half',
    });
  });

  it('withholds answers and hints from a contest in progress', () => {
    const served = serveQuestion(mcq, { revealAnswers: false, servedId: 'pq-7' });
    expect(served._id).toBe('pq-7');
    expect(served.correctAnswerList).toEqual([]);
    expect(served.answerHintText).toBe('');
    expect(served.answerHintVideo).toBeNull();
    expect(JSON.stringify(served)).not.toContain('isCorrect');
  });

  it('follows the play’s option order and letters the options as shown', () => {
    const served = serveQuestion(mcq, { revealAnswers: true, optionOrder: ['o4', 'o3', 'o1'] });
    expect(served.questionOptions.map((o) => `${o.letter}:${o._id}`)).toEqual(['A:o4', 'B:o3', 'C:o1']);
  });

  it('serves an open-ended question without options, with its accepted answers only when revealed', () => {
    const open: StoredQuestion = { ...mcq, type: 'OPEN_ENDED', options: [], acceptedAnswers: ['1/2', '0.5'] };
    expect(serveQuestion(open, { revealAnswers: true })).toMatchObject({
      type: 'Open Ended',
      questionOptions: [],
      correctAnswerList: [],
      acceptedAnswers: ['1/2', '0.5'],
    });
    expect(serveQuestion(open, { revealAnswers: false }).acceptedAnswers).toEqual([]);
  });
});
