import { describe, expect, it } from 'vitest';
import { signedInStaff } from '../../test/helpers.js';
import { decide, evidence, get, planted, queue, reader, t } from './integrity-review.fixtures.js';

describe('the integrity review queue', () => {
  it('ranks flagged plays by their strongest signal, with the student, board rank and signals', async () => {
    const page = await queue();
    expect(page.data.map((p) => [p.student.fullName, p.strength])).toEqual([
      ['Ali Raza', 0.95],
      ['Bilal Khan', 0.9],
      ['Dua Malik', 0.8],
    ]);
    expect(page.data[0]).toMatchObject({
      _id: planted.plays.ali,
      grade: { _id: planted.grade.id, title: 'Grade 5' },
      phase: { _id: planted.phase.id, name: 'Phase 1' },
      score: 3.5,
      rank: 2,
      signals: [
        { kind: 'COPIED_ANSWERS', strength: 0.95 },
        { kind: 'SHARED_ORIGIN', strength: 0.6 },
      ],
      decision: null,
      disqualified: false,
    });
    expect(page).toMatchObject({ total: 3, currentPage: 1, totalPages: 1, itemsPerPage: 20 });
    expect(page.options.grades).toEqual([{ _id: planted.grade.id, name: 'Grade 5' }]);
  });

  it('filters by signal kind, grade, phase and decision, and pages', async () => {
    expect((await queue('?kind=FAST_CORRECT')).data.map((p) => p._id)).toEqual([planted.plays.duaFast]);
    expect((await queue(`?phaseId=${planted.phase2.id}`)).total).toBe(0);
    expect((await queue(`?gradeId=${planted.grade.id}&phaseId=${planted.phase.id}`)).total).toBe(3);
    const second = await queue('?limit=1&page=2');
    expect(second.data.map((p) => p.student.fullName)).toEqual(['Bilal Khan']);
    expect(second.totalPages).toBe(3);

    expect(
      (await decide(planted.plays.bilal, { decision: 'WARN', reason: 'Shared a device' })).statusCode,
    ).toBe(200);
    expect((await queue('?decision=undecided')).data.map((p) => p.student.fullName)).toEqual([
      'Ali Raza',
      'Dua Malik',
    ]);
    const warned = await queue('?decision=WARN');
    expect(warned.data.map((p) => [p.student.fullName, p.decision])).toEqual([['Bilal Khan', 'WARN']]);
  });

  it("shows a copied play's answers beside the related play's, matching wrong answers included", async () => {
    const data = await evidence(planted.plays.ali);
    expect(data.questions.map((q) => [q.no, q.play.answer, q.play.correct, q.play.timeMs])).toEqual([
      [1, 'A', true, 35_000],
      [2, 'A', true, 35_000],
      [3, 'A', true, 35_000],
      [4, 'B', false, 35_000],
      [5, 'C', false, 35_000],
    ]);
    expect(data.questions[0]!.preview).toBe('3 × 4 = ?');
    // The grade's median over finished contest plays: Bilal 40 s, Ali 35 s, Chanda 50 s, Dua 0.9 s and 60 s.
    expect(data.questions[0]!.medianTimeMs).toBe(40_000);
    expect(data.related).toHaveLength(1);
    const [bilal] = data.related;
    expect(bilal).toMatchObject({
      _id: planted.plays.bilal,
      student: { fullName: 'Bilal Khan' },
      kinds: ['COPIED_ANSWERS', 'SHARED_ORIGIN'],
      matching: 5,
      matchingWrong: 2,
    });
    expect(bilal!.answers.map((a) => [a.answer, a.matches])).toEqual([
      ['A', true],
      ['A', true],
      ['A', true],
      ['B', true],
      ['C', true],
    ]);
    expect(data.signals.map((s) => s.kind)).toEqual(['COPIED_ANSWERS', 'SHARED_ORIGIN']);
  });

  it('lists the accounts on the same device or network without ever showing the hashes', async () => {
    const res = await get(`/api/admin/integrity/play/?id=${planted.plays.ali}`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('device-hash-A');
    expect(res.body).not.toContain('ip-hash-1');
    const { sameOrigin } = res.json().data;
    expect(
      sameOrigin.map((o: { student: { fullName: string }; sameDevice: boolean; sameNetwork: boolean }) => [
        o.student.fullName,
        o.sameDevice,
        o.sameNetwork,
      ]),
    ).toEqual([
      ['Bilal Khan', true, true],
      ['Chanda Iqbal', false, true],
    ]);
  });

  it('answers 404 for a play with no signals and 400 for a malformed id', async () => {
    const honest = await get(`/api/admin/integrity/play/?id=${planted.plays.chanda}`, reader);
    expect(honest.statusCode).toBe(404);
    expect(honest.json()).toEqual({ message: 'This play has no integrity signals' });
    expect((await get('/api/admin/integrity/play/?id=nope', reader)).statusCode).toBe(400);
    expect((await get('/api/admin/integrity/plays/?kind=GUESSING', reader)).statusCode).toBe(400);
  });
});

describe('who may review', () => {
  it('refuses staff without the integrity permission (403) and signed-out callers (401)', async () => {
    const other = (
      await signedInStaff(t, {
        permissions: [
          ['student', 'read'],
          ['student', 'update'],
        ],
      })
    ).token;
    for (const url of ['/api/admin/integrity/plays/', `/api/admin/integrity/play/?id=${planted.plays.ali}`]) {
      expect((await get(url, other)).statusCode).toBe(403);
      expect((await get(url)).statusCode).toBe(401);
    }
    const refused = await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Copied' }, other);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('message');
  });

  it('lets integrity:read look but not decide', async () => {
    expect((await queue('', reader)).total).toBe(3);
    const res = await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Copied' }, reader);
    expect(res.statusCode).toBe(403);
    const play = await t.db
      .selectFrom('plays')
      .select('disqualifiedAt')
      .where('id', '=', planted.plays.ali)
      .executeTakeFirstOrThrow();
    expect(play.disqualifiedAt).toBeNull();
  });

  it('refuses a decision without a reason, with a too long one, an unknown decision or a cleared e-mail', async () => {
    const cases: [object, string][] = [
      [{ decision: 'DISQUALIFY', reason: '   ' }, 'reason'],
      [{ decision: 'DISQUALIFY' }, 'reason'],
      [{ decision: 'WARN', reason: 'x'.repeat(2001) }, 'reason'],
      [{ decision: 'BAN', reason: 'Copied' }, 'decision'],
      [{ decision: 'CLEAR', reason: 'Fine', notifyStudent: true }, 'notifyStudent'],
    ];
    for (const [payload, field] of cases) {
      const res = await decide(planted.plays.ali, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(field);
    }
    expect((await decide(crypto.randomUUID(), { decision: 'WARN', reason: 'x' })).statusCode).toBe(404);
    expect(await t.db.selectFrom('playReviews').select('playId').execute()).toEqual([]);
  });
});
