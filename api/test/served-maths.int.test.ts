import { describe, expect, it } from 'vitest';
import { bearer, loginStaff, makeQuestionPlacement, makeStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), payload });

async function questionWithMaths() {
  const placement = await makeQuestionPlacement(t.db, 5, 'Fractions', 'Adding');
  return {
    question: '<p>Add <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span>.</p>',
    questionUrdu: '<p>جمع کریں <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span></p>',
    option1: { text: '<p><span class="math-inline">\\frac{3}{4}</span></p>', image: null, isCorrect: true },
    option2: { text: '<p><span class="math-inline">\\frac{2}{6}</span></p>', image: null, isCorrect: false },
    option3: { text: '<p>1</p>', image: null, isCorrect: false },
    option4: { text: '<p>2</p>', image: null, isCorrect: false },
    answerHintText: '<div class="math-block">\\frac{2}{4} + \\frac{1}{4} = \\frac{3}{4}</div>',
    type: 'MCQs',
    tags: 'PRACTICE',
    ...placement,
  };
}

describe('maths as a student receives it', () => {
  it('serves every formula as MathML with its TeX beside it, while the editor still reads the TeX it wrote', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const token = (await loginStaff(t.app, staff)).accessToken;
    const created = await call(token, 'POST', '/api/question/create/', await questionWithMaths());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data._id as string;

    const served = (await call(token, 'GET', `/api/question/preview/?id=${id}`)).json().data;
    const typeset =
      /<span class="math-inline" data-tex="([^"]+)"><span class="katex"><math xmlns="http:\/\/www\.w3\.org\/1998\/Math\/MathML">/;
    expect(served.question).toMatch(typeset);
    expect(typeset.exec(served.question)?.[1]).toBe('\\frac{1}{2} + \\frac{1}{4}');
    expect(served.question).toContain('<mfrac><mn>1</mn><mn>2</mn></mfrac>');
    expect(served.urdu.question).toMatch(typeset);
    expect(served.questionOptions.map((o: { text: string }) => typeset.exec(o.text)?.[1] ?? o.text)).toEqual([
      '\\frac{3}{4}',
      '\\frac{2}{6}',
      '<p>1</p>',
      '<p>2</p>',
    ]);
    expect(served.answerHintText).toContain(
      '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">',
    );

    const detail = (await call(token, 'GET', `/api/question/detail/?id=${id}`)).json().data;
    expect(detail.question).toBe('<p>Add <span class="math-inline">\\frac{1}{2} + \\frac{1}{4}</span>.</p>');
    expect(detail.option1.text).toBe('<p><span class="math-inline">\\frac{3}{4}</span></p>');
  });
});
