import { describe, expect, it } from 'vitest';
import { bearer, makeGrade, makePhase, makeQuiz, signedInStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });

describe('reference data used only by a quiz pool', () => {
  it('refuses to delete a category or sub category a quiz rule draws from, saying so', async () => {
    const token = (await signedInStaff(t, { superAdmin: true })).token;
    const category = await t.db
      .insertInto('categories')
      .values({ name: 'Algebra' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sub = await t.db
      .insertInto('subCategories')
      .values({ name: 'Fractions', categoryId: category.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const grade = await makeGrade(t.db, 4);
    const phase = await makePhase(t.db, 1);
    await makeQuiz(t.db, {
      gradeIds: [grade.id],
      phaseId: phase.id,
      rules: [{ categoryId: category.id, subCategoryId: sub.id, questionCount: 15 }],
    });
    const del = (what: string, id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/${what}/delete/?id=${id}`,
        headers: bearer(token),
      });
    const subRes = await del('subCategory', sub.id);
    expect(subRes.statusCode).toBe(409);
    expect(subRes.json().message).toBe('This sub category is used by 1 quiz: deactivate it instead');
    const catRes = await del('category', category.id);
    expect(catRes.statusCode).toBe(409);
    expect(catRes.json().message).toMatch(/1 quiz/);
    expect(await t.db.selectFrom('subCategories').select('id').execute()).toHaveLength(1);
  });
});
