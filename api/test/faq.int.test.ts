import type { Action, FaqEntry, FaqGroup, Module, PublicFaqGroup } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { authorizedCall, signedInStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const FAQ_ALL: [Module, Action][] = [
  ['faqManagement', 'read'],
  ['faqManagement', 'create'],
  ['faqManagement', 'update'],
  ['faqManagement', 'delete'],
];

const signedIn = (permissions: [Module, Action][] = FAQ_ALL) => signedInStaff(t, { permissions });
const call = authorizedCall(t);

async function createGroup(token: string, title: string) {
  const res = await call(token, 'POST', '/api/admin/faq/group/create/', { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: FaqGroup }>().data;
}

async function createEntry(
  token: string,
  groupId: string,
  question: string,
  extra: Record<string, unknown> = {},
) {
  const res = await call(token, 'POST', '/api/admin/faq/entry/create/', {
    groupId,
    question,
    answer: `<p>Answer to ${question}</p>`,
    isPublished: true,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: FaqEntry }>().data;
}

const publicFaq = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/faq' });
  expect(res.statusCode).toBe(200);
  return { groups: res.json<{ data: PublicFaqGroup[] }>().data, cache: res.headers['cache-control'] };
};

const adminFaq = async (token: string) =>
  (await call(token, 'GET', '/api/admin/faq/')).json<{ data: FaqGroup[] }>().data;

describe('FAQ admin API', () => {
  it('refuses staff without the FAQ permission, and read-only staff may not write', async () => {
    const outsider = await signedIn([['promoCode', 'read']]);
    expect((await call(outsider.token, 'GET', '/api/admin/faq/')).statusCode).toBe(403);
    const forbidden = await call(outsider.token, 'POST', '/api/admin/faq/group/create/', { title: 'X' });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toHaveProperty('message');

    const reader = await signedIn([['faqManagement', 'read']]);
    expect((await call(reader.token, 'GET', '/api/admin/faq/')).statusCode).toBe(200);
    expect(
      (await call(reader.token, 'POST', '/api/admin/faq/group/create/', { title: 'X' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/faq/' })).statusCode).toBe(401);
  });

  it('sanitises answers, keeps maths, refuses empty answers and bad input with a message, and audits', async () => {
    const admin = await signedIn();
    const group = await createGroup(admin.token, 'Scoring');
    const entry = await createEntry(admin.token, group._id, 'How is a correct answer scored?', {
      answer:
        '<p onclick="x()">Score <span class="math-inline">0.5 + 0.5(1 - t/180)</span></p><script>alert(1)</script><img src="javascript:alert(1)">',
    });
    expect(entry.answer).toContain('<span class="math-inline">0.5 + 0.5(1 - t/180)</span>');
    expect(entry.answer).not.toMatch(/script|onclick|javascript/);

    const empty = await call(admin.token, 'POST', '/api/admin/faq/entry/create/', {
      groupId: group._id,
      question: 'Empty?',
      answer: '<p> </p><script>x</script>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/answer/);
    const noQuestion = await call(admin.token, 'POST', '/api/admin/faq/entry/create/', {
      groupId: group._id,
      question: '  ',
      answer: '<p>a</p>',
    });
    expect(noQuestion.statusCode).toBe(400);
    const noGroup = await call(admin.token, 'POST', '/api/admin/faq/entry/create/', {
      groupId: '00000000-0000-4000-8000-000000000000',
      question: 'Where?',
      answer: '<p>a</p>',
    });
    expect(noGroup.statusCode).toBe(400);
    expect(noGroup.json<{ message: string }>().message).toMatch(/groupId/);

    const audits = await t.db
      .selectFrom('auditLog')
      .select(['action', 'actorId', 'targetId'])
      .where('action', 'like', 'faq.%')
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'faq.group.create', actorId: admin.id, targetId: group._id },
      { action: 'faq.entry.create', actorId: admin.id, targetId: entry._id },
    ]);
  });

  it('hides drafts from the public FAQ until they are published, and typesets maths there', async () => {
    const admin = await signedIn();
    const group = await createGroup(admin.token, 'Timing');
    const draft = await createEntry(admin.token, group._id, 'How long per question?', {
      isPublished: false,
      answer: '<p>At most <span class="math-inline">180</span> seconds.</p>',
    });
    await createGroup(admin.token, 'Empty group');

    const before = await publicFaq();
    expect(before.groups).toEqual([]);
    expect(before.cache).toMatch(/public, max-age=\d+/);

    const published = await call(admin.token, 'POST', `/api/admin/faq/entry/update/?id=${draft._id}`, {
      isPublished: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    const after = await publicFaq();
    expect(after.groups.map((g) => g.title)).toEqual(['Timing']);
    const [shown] = after.groups[0]?.entries ?? [];
    expect(shown).toMatchObject({ question: 'How long per question?', slug: 'how-long-per-question' });
    expect(shown?.answer).toContain('data-tex="180"');
    expect(shown?.answer).toContain('<math');
    const publishAudit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('targetId', '=', draft._id)
      .where('action', '=', 'faq.entry.publish')
      .execute();
    expect(publishAudit).toHaveLength(1);
  });

  it('moves questions and groups up and down, and keeps a group with questions from deletion', async () => {
    const admin = await signedIn();
    const first = await createGroup(admin.token, 'Accounts');
    const second = await createGroup(admin.token, 'Payments');
    const a = await createEntry(admin.token, first._id, 'A?');
    const b = await createEntry(admin.token, first._id, 'B?');
    const c = await createEntry(admin.token, first._id, 'C?');

    const moved = await call(admin.token, 'POST', `/api/admin/faq/entry/move/?id=${c._id}`, {
      direction: 'up',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const top = await call(admin.token, 'POST', `/api/admin/faq/entry/move/?id=${a._id}`, {
      direction: 'up',
    });
    expect(top.statusCode).toBe(200);
    const bad = await call(admin.token, 'POST', `/api/admin/faq/entry/move/?id=${a._id}`, {
      direction: 'left',
    });
    expect(bad.statusCode).toBe(400);
    const groupMove = await call(admin.token, 'POST', `/api/admin/faq/group/move/?id=${second._id}`, {
      direction: 'up',
    });
    expect(groupMove.statusCode).toBe(200);

    const groups = await adminFaq(admin.token);
    expect(groups.map((g) => g.title)).toEqual(['Payments', 'Accounts']);
    expect(groups[1]?.entries.map((e) => e._id)).toEqual([a._id, c._id, b._id]);
    expect((await publicFaq()).groups[0]?.entries.map((e) => e.question)).toEqual(['A?', 'C?', 'B?']);

    const refused = await call(admin.token, 'DELETE', `/api/admin/faq/group/delete/?id=${first._id}`);
    expect(refused.statusCode).toBe(409);
    for (const entry of [a, b, c]) {
      const res = await call(admin.token, 'DELETE', `/api/admin/faq/entry/delete/?id=${entry._id}`);
      expect(res.statusCode).toBe(200);
    }
    expect(
      (await call(admin.token, 'DELETE', `/api/admin/faq/group/delete/?id=${first._id}`)).statusCode,
    ).toBe(200);
    expect((await adminFaq(admin.token)).map((g) => g.title)).toEqual(['Payments']);
  });
});
