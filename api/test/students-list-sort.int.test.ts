import { describe, expect, it } from 'vitest';
import { makeStudents, setFlags } from '../../test/helpers.js';
import { call, list, signedIn, t, world } from './students-list.fixtures.js';

describe('sorting the admin lists', () => {
  it('sorts students by a whitelisted column either way, the student number breaking ties across pages', async () => {
    const w = await world();
    await makeStudents(t.db, 5, { gradeId: w.grade5.id });
    const staff = await signedIn();
    const byName = await list(staff.token, 'sort=fullName&dir=asc');
    const names = byName.data.map((s) => s.fullName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect((await list(staff.token, 'sort=fullName&dir=desc')).data.map((s) => s.fullName)).toEqual(
      [...names].reverse(),
    );
    const ids: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      ids.push(
        ...(await list(staff.token, `sort=grade&dir=asc&limit=2&page=${page}`)).data.map((s) => s._id),
      );
    }
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    const grades = (await list(staff.token, 'sort=grade&dir=desc')).data.map((s) => s.grade?.title);
    expect(grades[0]).toBe('Grade 6');
  });

  it('refuses a column outside the whitelist or a direction that is not asc or desc with 400 and a message', async () => {
    const staff = await signedIn({ superAdmin: true });
    for (const url of [
      '/api/student/detail/?sort=passwordHash',
      '/api/student/detail/?sort=fullName&dir=sideways',
      '/api/quiz/detail/?sort=secret',
      '/api/question/detail/?sort=questionNo&dir=DESC',
    ]) {
      const res = await call(staff.token, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message, url).toMatch(/^(sort|dir): must be/);
    }
  });

  it('names the contest phase, and who on the page won it or finished a contest play in it', async () => {
    const w = await world();
    await setFlags(t.db, { contestQuizPhase: w.phase1.id });
    await t.db
      .insertInto('phaseWinners')
      .values({ phaseId: w.phase1.id, gradeId: w.grade5.id, studentId: w.ayesha.id, method: 'MANUAL' })
      .execute();
    const staff = await signedIn();
    const page = await list(staff.token);
    expect(page.phaseName).toBe('Phase 1');
    expect(page.phaseWinnerIds).toEqual([w.ayesha.id]);
    expect(page.phasePlayedIds).toEqual([w.ayesha.id]);
  });
});
