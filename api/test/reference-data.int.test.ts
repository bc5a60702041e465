import type { Action, Module } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  auditActionsOn,
  authorizedCall,
  makeCategory,
  makeGrade,
  makePhase,
  makeQuiz,
  makeSubCategory,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const signedIn = (options?: StaffFactoryOptions) => signedInStaff(t, options);

const call = authorizedCall(t);

const auditActions = (targetId: string) => auditActionsOn(t.db, targetId);

async function makeQuestion(gradeId: string, categoryId: string, subCategoryId: string) {
  return t.db
    .insertInto('questions')
    .values({
      gradeId,
      categoryId,
      subCategoryId,
      tag: 'PRACTICE',
      questionHtml: '<p>2 + 2?</p>',
      answerHintText: 'Count on your fingers',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

async function usedGrade() {
  const grade = await makeGrade(t.db, 4);
  const category = await makeCategory(t.db);
  const sub = await makeSubCategory(t.db, category.id);
  const phase = await makePhase(t.db);
  const questions = [];
  for (let i = 0; i < 3; i += 1) {
    questions.push(await makeQuestion(grade.id, category.id, sub.id));
  }
  await t.db
    .insertInto('questionPhases')
    .values({ questionId: questions[0]!.id, phaseId: phase.id })
    .execute();
  await makeQuiz(t.db, { title: 'Practice 4', kind: 'PRACTICE', gradeIds: [grade.id], phaseId: phase.id });
  return { grade, category, sub, phase };
}

describe('grades', () => {
  it('creates, lists with search and pagination, updates and deletes a grade, auditing each change', async () => {
    const admin = await signedIn();
    for (const n of [2, 3, 4]) {
      const res = await call(admin.token, 'POST', '/api/grade/create/', {
        title: ` Grade ${n} `,
        sortOrder: n,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ title: `Grade ${n}`, sortOrder: n, isActive: true });
    }
    const page = await call(admin.token, 'GET', '/api/grade/detail/?page=2&limit=2');
    expect(page.json()).toMatchObject({ total: 3, currentPage: 2, totalPages: 2, itemsPerPage: 2 });
    expect(page.json().data.map((g: { title: string }) => g.title)).toEqual(['Grade 4']);
    const search = await call(admin.token, 'GET', '/api/grade/detail/?search=de%203');
    expect(search.json().data.map((g: { title: string }) => g.title)).toEqual(['Grade 3']);

    const id = search.json().data[0]._id as string;
    const off = await call(admin.token, 'POST', `/api/grade/update/?id=${id}`, { isActive: false });
    expect(off.json().data).toMatchObject({ title: 'Grade 3', isActive: false });
    const inactive = await call(admin.token, 'GET', '/api/grade/detail/?isActive=false');
    expect(inactive.json().total).toBe(1);

    const del = await call(admin.token, 'DELETE', `/api/grade/delete/?id=${id}`);
    expect(del.json()).toEqual({ message: 'Grade deleted' });
    expect(await auditActions(id)).toEqual(['grade.create', 'grade.deactivate', 'grade.delete']);
  });

  it('answers 400 per field for an invalid grade', async () => {
    const admin = await signedIn();
    const res = await call(admin.token, 'POST', '/api/grade/create/', { title: '  ', sortOrder: 1.5 });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['sortOrder', 'title']);
  });

  it('answers 409 for a duplicate title or sort order', async () => {
    const admin = await signedIn();
    await makeGrade(t.db, 5);
    const title = await call(admin.token, 'POST', '/api/grade/create/', { title: 'Grade 5', sortOrder: 6 });
    expect(title.statusCode).toBe(409);
    expect(title.json().message).toBe('A grade with this title already exists');
    const order = await call(admin.token, 'POST', '/api/grade/create/', { title: 'Grade Six', sortOrder: 5 });
    expect(order.statusCode).toBe(409);
    expect(order.json().message).toBe('Another grade already has this sort order');
  });

  it('refuses to delete a grade in use, naming the counts', async () => {
    const admin = await signedIn();
    const { grade } = await usedGrade();
    const res = await call(admin.token, 'DELETE', `/api/grade/delete/?id=${grade.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This grade is used by 3 questions and 1 quiz: deactivate it instead');
    expect(await auditActions(grade.id)).toEqual([]);
  });

  it('answers 404 for an unknown grade', async () => {
    const admin = await signedIn();
    const res = await call(
      admin.token,
      'POST',
      '/api/grade/update/?id=00000000-0000-4000-8000-000000000000',
      { title: 'X' },
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('phases', () => {
  const body = {
    name: 'Phase 1',
    number: 1,
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-02-01T00:00:00Z',
  };

  it('creates, updates and deletes a phase with its status', async () => {
    const admin = await signedIn();
    const created = await call(admin.token, 'POST', '/api/phase/create/', { ...body, status: 'ACTIVE' });
    expect(created.statusCode).toBe(201);
    const phase = created.json().data;
    expect(phase).toMatchObject({
      name: 'Phase 1',
      number: 1,
      status: 'ACTIVE',
      endsAt: '2026-02-01T00:00:00.000Z',
    });
    const closed = await call(admin.token, 'POST', `/api/phase/update/?id=${phase._id}`, {
      status: 'CLOSED',
    });
    expect(closed.json().data.status).toBe('CLOSED');
    const list = await call(admin.token, 'GET', '/api/phase/detail/?search=phase');
    expect(list.json().total).toBe(1);
    expect((await call(admin.token, 'DELETE', `/api/phase/delete/?id=${phase._id}`)).statusCode).toBe(200);
    expect(await auditActions(phase._id)).toEqual(['phase.create', 'phase.update', 'phase.delete']);
  });

  it('answers 400 on endsAt when the end is not after the start, on create and on update', async () => {
    const admin = await signedIn();
    const bad = await call(admin.token, 'POST', '/api/phase/create/', { ...body, endsAt: body.startsAt });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ endsAt: 'must be after the start' });
    const phase = (await call(admin.token, 'POST', '/api/phase/create/', body)).json().data;
    const update = await call(admin.token, 'POST', `/api/phase/update/?id=${phase._id}`, {
      endsAt: '2025-12-31T00:00:00Z',
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().errors).toEqual({ endsAt: 'must be after the start' });
  });

  it('answers 400 for a bad status or date and 409 for a duplicate number', async () => {
    const admin = await signedIn();
    const bad = await call(admin.token, 'POST', '/api/phase/create/', {
      ...body,
      status: 'DONE',
      startsAt: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['startsAt', 'status']);
    await makePhase(t.db, 1);
    const dup = await call(admin.token, 'POST', '/api/phase/create/', body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Another phase already has this number');
  });

  it('refuses to delete a phase used by questions and quizzes', async () => {
    const admin = await signedIn();
    const { phase } = await usedGrade();
    const res = await call(admin.token, 'DELETE', `/api/phase/delete/?id=${phase.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This phase is used by 1 question and 1 quiz: close it instead');
  });
});

describe('categories and sub categories', () => {
  it('creates a category and a sub category under it, listed with its category', async () => {
    const admin = await signedIn();
    const category = (await call(admin.token, 'POST', '/api/category/create/', { name: 'Algebra' })).json()
      .data;
    await call(admin.token, 'POST', '/api/category/create/', { name: 'Geometry' });
    const sub = await call(admin.token, 'POST', '/api/subCategory/create/', {
      name: 'Equations',
      categoryId: category._id,
    });
    expect(sub.statusCode).toBe(201);
    expect(sub.json().data).toMatchObject({
      name: 'Equations',
      category: { _id: category._id, name: 'Algebra' },
    });
    const list = await call(admin.token, 'GET', `/api/subCategory/detail/?categoryId=${category._id}`);
    expect(list.json()).toMatchObject({ total: 1, data: [{ name: 'Equations' }] });
    const cats = await call(admin.token, 'GET', '/api/category/detail/?limit=1');
    expect(cats.json()).toMatchObject({ total: 2, totalPages: 2, data: [{ name: 'Algebra' }] });
    expect(await auditActions(sub.json().data._id)).toEqual(['subCategory.create']);
  });

  it('answers 409 for a category name taken in any case, and a sub category name taken in its category', async () => {
    const admin = await signedIn();
    const category = await makeCategory(t.db, 'Algebra');
    const dup = await call(admin.token, 'POST', '/api/category/create/', { name: 'ALGEBRA' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A category with this name already exists');
    await makeSubCategory(t.db, category.id, 'Equations');
    const subDup = await call(admin.token, 'POST', '/api/subCategory/create/', {
      name: 'equations',
      categoryId: category.id,
    });
    expect(subDup.statusCode).toBe(409);
  });

  it('answers 400 for a missing name or an unknown category', async () => {
    const admin = await signedIn();
    const noName = await call(admin.token, 'POST', '/api/category/create/', {});
    expect(noName.statusCode).toBe(400);
    expect(Object.keys(noName.json().errors)).toEqual(['name']);
    const unknown = await call(admin.token, 'POST', '/api/subCategory/create/', {
      name: 'X',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ categoryId: 'the chosen category does not exist' });
  });

  it('refuses to delete a category or sub category in use, and deactivates instead', async () => {
    const admin = await signedIn();
    const { category, sub } = await usedGrade();
    const cat = await call(admin.token, 'DELETE', `/api/category/delete/?id=${category.id}`);
    expect(cat.statusCode).toBe(409);
    expect(cat.json().message).toBe(
      'This category is used by 1 sub category and 3 questions: deactivate it instead',
    );
    const subDel = await call(admin.token, 'DELETE', `/api/subCategory/delete/?id=${sub.id}`);
    expect(subDel.json().message).toBe('This sub category is used by 3 questions: deactivate it instead');
    const off = await call(admin.token, 'POST', `/api/subCategory/update/?id=${sub.id}`, { isActive: false });
    expect(off.json().data.isActive).toBe(false);
    expect(await auditActions(sub.id)).toEqual(['subCategory.deactivate']);
  });

  it('deletes an unused category', async () => {
    const admin = await signedIn();
    const category = await makeCategory(t.db, 'Logic');
    const res = await call(admin.token, 'DELETE', `/api/category/delete/?id=${category.id}`);
    expect(res.json()).toEqual({ message: 'Category deleted' });
    expect(await auditActions(category.id)).toEqual(['category.delete']);
  });
});

describe('permissions', () => {
  it('lets read-only staff list but not change reference data', async () => {
    const perms: [Module, Action][] = [
      ['grade', 'read'],
      ['category', 'read'],
    ];
    const reader = await signedIn({ permissions: perms });
    expect((await call(reader.token, 'GET', '/api/grade/detail/')).statusCode).toBe(200);
    expect((await call(reader.token, 'GET', '/api/phase/detail/')).statusCode).toBe(403);
    const create = await call(reader.token, 'POST', '/api/category/create/', { name: 'Sets' });
    expect(create.statusCode).toBe(403);
  });
});
