import { describe, expect, it } from 'vitest';
import type { Question } from '../api/questions-api';
import {
  bodyFromDraft,
  draftFromQuestion,
  emptyDraft,
  hasRichContent,
  markCorrect,
  problemsFromServer,
  type QuestionDraft,
  validateDraft,
} from './question-form-model';

function completeMcq(): QuestionDraft {
  const draft = emptyDraft();
  return {
    ...draft,
    question: '<p>What is <span class="math-inline">\\frac{1}{2}</span> of 10?</p>',
    options: {
      option1: { text: '<p>5</p>', textUrdu: '', image: null, isCorrect: true },
      option2: { text: '<p>2</p>', textUrdu: '', image: null, isCorrect: false },
      option3: { text: '', textUrdu: '', image: '/uploads/images/abc-960.webp', isCorrect: false },
      option4: { text: '<p>20</p>', textUrdu: '', image: null, isCorrect: false },
    },
    answerHintText: '<p>Half of 10 is 5.</p>',
    gradeId: 'g',
    categoryId: 'c',
    subCategoryId: 's',
    tags: 'BOTH',
    phaseIds: ['p1'],
  };
}

describe('question form model', () => {
  it('accepts a complete MCQ, where an option may be a picture only', () => {
    expect(validateDraft(completeMcq())).toEqual({});
  });

  it('names every missing required field of an empty form', () => {
    expect(validateDraft(emptyDraft())).toEqual({
      gradeId: 'Choose a grade',
      categoryId: 'Choose a category',
      subCategoryId: 'Choose a sub category',
      phaseIds: 'Choose at least one phase',
      tags: 'Choose where the question is used',
      question: 'Write the question',
      option1: 'Give this option text or a picture',
      option2: 'Give this option text or a picture',
      option3: 'Give this option text or a picture',
      option4: 'Give this option text or a picture',
      correctOptions: 'Mark exactly one option correct',
      answerHintText: 'Write the hint shown after answering',
    });
  });

  it('needs exactly one correct option for single choice and at least one for multiple', () => {
    const two = markCorrect({ ...completeMcq(), selectMultiple: true }, 'option2', true);
    expect(validateDraft(two)).toEqual({});
    expect(validateDraft({ ...two, selectMultiple: false }).correctOptions).toBe(
      'Mark exactly one option correct',
    );
    const none = markCorrect(markCorrect(two, 'option1', false), 'option2', false);
    expect(validateDraft(none).correctOptions).toBe('Mark at least one option correct');
  });

  it('keeps a single correct option when marking another in single-choice mode', () => {
    const moved = markCorrect(completeMcq(), 'option4', true);
    expect(Object.values(moved.options).map((o) => o.isCorrect)).toEqual([false, false, false, true]);
  });

  it('asks an open-ended question for accepted answers instead of options, and sends no options', () => {
    const open: QuestionDraft = { ...completeMcq(), type: 'Open Ended', selectMultiple: true };
    expect(validateDraft(open)).toEqual({ acceptedAnswers: 'Add at least one accepted answer' });
    const body = bodyFromDraft({ ...open, acceptedAnswers: ['1/2', '0.5'] });
    expect(body).not.toHaveProperty('option1');
    expect(body).toMatchObject({
      type: 'Open Ended',
      selectMultiple: false,
      acceptedAnswers: ['1/2', '0.5'],
    });
  });

  it('treats markup without text as empty, but a formula or a picture as content', () => {
    expect(hasRichContent('<p></p><p>&nbsp; </p>')).toBe(false);
    expect(hasRichContent('<p><span class="math-inline">x</span></p>')).toBe(true);
    expect(hasRichContent('<p><img src="/uploads/images/a-960.webp"></p>')).toBe(true);
  });

  it('refuses a hint video that is not an https link and sends blanks as null', () => {
    expect(validateDraft({ ...completeMcq(), answerHintVideo: 'javascript:alert(1)' }).answerHintVideo).toBe(
      'Use a full https:// link',
    );
    expect(bodyFromDraft(completeMcq())).toMatchObject({
      answerHintVideo: null,
      commentsForInternalPurpose: null,
    });
  });

  it('round-trips a stored question through the form', () => {
    const question = {
      _id: 'q',
      questionNo: 1001,
      ...bodyFromDraft(completeMcq()),
      option1: { _id: 'o1', text: '<p>5</p>', textUrdu: null, image: null, isCorrect: true },
      option2: { _id: 'o2', text: '<p>2</p>', textUrdu: null, image: null, isCorrect: false },
      option3: {
        _id: 'o3',
        text: '',
        textUrdu: null,
        image: '/uploads/images/abc-960.webp',
        isCorrect: false,
      },
      option4: { _id: 'o4', text: '<p>20</p>', textUrdu: null, image: null, isCorrect: false },
      tags: 'BOTH',
      score: 1,
      usageCount: 0,
      createdAt: '',
      updatedAt: '',
    } as Question;
    expect(draftFromQuestion(question)).toEqual(completeMcq());
  });

  it('sends Urdu parts beside the English, an empty one as null, and reads them back', () => {
    const draft: QuestionDraft = {
      ...completeMcq(),
      questionUrdu: '<p>10 کا آدھا کتنا ہے؟</p>',
      answerHintTextUrdu: '<p></p>',
    };
    draft.options = { ...draft.options, option2: { ...draft.options.option2, textUrdu: '<p>دو</p>' } };
    const body = bodyFromDraft(draft);
    expect(body).toMatchObject({ questionUrdu: '<p>10 کا آدھا کتنا ہے؟</p>', answerHintTextUrdu: null });
    expect(body.option1?.textUrdu).toBeNull();
    expect(body.option2?.textUrdu).toBe('<p>دو</p>');
    const stored = {
      ...body,
      option1: { ...body.option1, _id: 'o1' },
      option2: { ...body.option2, _id: 'o2' },
      option3: { ...body.option3, _id: 'o3' },
      option4: { ...body.option4, _id: 'o4' },
    } as unknown as Question;
    expect(draftFromQuestion(stored)).toMatchObject({
      questionUrdu: '<p>10 کا آدھا کتنا ہے؟</p>',
      answerHintTextUrdu: '',
      options: { option1: { textUrdu: '' }, option2: { textUrdu: '<p>دو</p>' } },
    });
  });

  it('maps nested server problems to the form field that shows them', () => {
    expect(
      problemsFromServer({ 'option2.text': 'must be at most 5000 characters', phaseIds: 'x', foo: 'y' }),
    ).toEqual({ option2: 'must be at most 5000 characters', phaseIds: 'x' });
  });
});
