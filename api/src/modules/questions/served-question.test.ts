import { describe, expect, it } from 'vitest';
import { type StoredQuestion, serveQuestion } from './served-question.js';

const mcq: StoredQuestion = {
  id: 'q1',
  questionHtml: '<p>Which is <span class="math-inline">\\frac{1}{2}</span>?</p>',
  questionHtmlUr: null,
  questionImage: '/uploads/images/abc-960.webp',
  type: 'MCQS',
  selectMultiple: false,
  answerHintText: '<p>Half.</p>',
  answerHintTextUr: null,
  answerHintImage: null,
  answerHintVideo: 'https://video.example/half',
  answerHintThumbnail: null,
  acceptedAnswers: [],
  options: [
    { id: 'o3', position: 3, textHtml: '<p>0.5</p>', textHtmlUr: null, image: null, isCorrect: true },
    { id: 'o1', position: 1, textHtml: '<p>2</p>', textHtmlUr: null, image: null, isCorrect: false },
    { id: 'o2', position: 2, textHtml: '<p> </p>', textHtmlUr: null, image: null, isCorrect: false },
    {
      id: 'o4',
      position: 4,
      textHtml: '',
      textHtmlUr: null,
      image: '/uploads/images/def-960.webp',
      isCorrect: false,
    },
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

  it('serves urdu as null when the question has no Urdu text', () => {
    expect(serveQuestion(mcq, { revealAnswers: false }).urdu).toBeNull();
  });

  it('serves the Urdu stem and options in the order shown, matched by id, null where missing', () => {
    const urdu: StoredQuestion = {
      ...mcq,
      questionHtmlUr: '<p>آدھا کون سا ہے؟</p>',
      answerHintTextUr: '<p>آدھا</p>',
      options: mcq.options.map((o) => (o.id === 'o3' ? { ...o, textHtmlUr: '<p>0.5 (آدھا)</p>' } : o)),
    };
    const served = serveQuestion(urdu, { revealAnswers: false, optionOrder: ['o4', 'o3', 'o1'] });
    expect(served.urdu).toEqual({
      question: '<p>آدھا کون سا ہے؟</p>',
      questionOptions: [
        { _id: 'o4', text: null },
        { _id: 'o3', text: '<p>0.5 (آدھا)</p>' },
        { _id: 'o1', text: null },
      ],
      answerHintText: null,
    });
    expect(JSON.stringify(served.urdu)).not.toMatch(/isCorrect|correct/i);
    expect(serveQuestion(urdu, { revealAnswers: true }).urdu?.answerHintText).toBe('<p>آدھا</p>');
  });

  it('serves every formula typeset as MathML: stem, options, hint and their Urdu', () => {
    const formula = (tex: string) => `<p>x <span class="math-inline">${tex}</span></p>`;
    const withMaths: StoredQuestion = {
      ...mcq,
      questionHtmlUr: formula('\\frac{3}{4}'),
      answerHintText: formula('2^3'),
      answerHintTextUr: formula('3^2'),
      options: mcq.options.map((o) =>
        o.id === 'o1' ? { ...o, textHtml: formula('\\sqrt{9}'), textHtmlUr: formula('\\sqrt{16}') } : o,
      ),
    };
    const served = serveQuestion(withMaths, { revealAnswers: true });
    const typeset = [
      served.question,
      served.questionOptions[0]?.text,
      served.answerHintText,
      served.urdu?.question,
      served.urdu?.questionOptions[0]?.text,
      served.urdu?.answerHintText,
    ];
    for (const html of typeset) {
      expect(html).toMatch(/<span class="math-inline" data-tex="[^"]+"><span class="katex"><math /);
    }
    expect(served.questionOptions[1]?.text).toBe('<p>0.5</p>');
  });
});
