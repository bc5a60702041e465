import { describe, expect, it } from 'vitest';
import {
  makeCategory,
  makeGrade,
  makePhase,
  makePlay,
  makeQuestion,
  makeQuiz,
  makeSubCategory,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });

const refusal = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return { code, byGuard: message?.includes('played-history protection') ?? false };
};

describe('played history (plays hold no foreign keys to their quiz, phase, grade and questions)', () => {
  it('refuses deleting a quiz, phase, grade or question a play used, and allows an unused one', async () => {
    const grade = await makeGrade(t.db);
    const phase = await makePhase(t.db);
    const category = await makeCategory(t.db);
    const sub = await makeSubCategory(t.db, category.id);
    const fields = { gradeId: grade.id, categoryId: category.id, subCategoryId: sub.id };
    const played = await makeQuestion(t.db, fields, '<p>played</p>', [true, false]);
    const unused = await makeQuestion(t.db, fields, '<p>unused</p>', [true, false]);
    const quiz = await makeQuiz(t.db, { gradeIds: [grade.id], phaseId: phase.id, questionCount: 1 });
    await makePlay(t.db, {
      quizId: quiz.id,
      phaseId: phase.id,
      gradeId: grade.id,
      answers: [{ questionId: played.id, isCorrect: true }],
    });

    const attempts = [
      () => t.db.deleteFrom('questions').where('id', '=', played.id).execute(),
      () => t.db.deleteFrom('quizzes').where('id', '=', quiz.id).execute(),
      () => t.db.deleteFrom('phases').where('id', '=', phase.id).execute(),
      () => t.db.deleteFrom('grades').where('id', '=', grade.id).execute(),
    ];
    for (const attempt of attempts) {
      // The api turns this code into its 409 "still in use".
      expect(refusal(await attempt().catch((error: unknown) => error))).toEqual({
        code: '23503',
        byGuard: true,
      });
    }
    await t.db.deleteFrom('questionOptions').where('questionId', '=', unused.id).execute();
    const removed = await t.db.deleteFrom('questions').where('id', '=', unused.id).executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
  });
});
