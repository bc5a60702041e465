import { STUDENT_FILTER_KEYS } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { endPhaseContest, makePhase, setFlags } from '../../test/helpers.js';
import { call, FILTER_CASES, list, names, signedIn, t, world } from './students-list.fixtures.js';

describe('GET /api/student/detail/', () => {
  it('returns the list envelope with every row field, newest sign-up first', async () => {
    const w = await world();
    await setFlags(t.db, { contestQuizPhase: w.phase1.id });
    const staff = await signedIn();
    // Ranked, but its contest still open: no winner yet.
    expect((await list(staff.token, 'page=1&limit=2')).addWinner).toBe(false);
    await endPhaseContest(t.db, w.phase1.id);
    const page = await list(staff.token, 'page=1&limit=2');
    expect(page).toMatchObject({ totalStudents: 3, currentPage: 1, totalPages: 2, itemsPerPage: 2 });
    expect(page.addWinner).toBe(true);
    expect(page.phaseId).toBe(w.phase1.id);
    expect(page.gradeList).toEqual([
      { _id: w.grade5.id, title: 'Grade 5' },
      { _id: w.grade6.id, title: 'Grade 6' },
    ]);
    expect(page.data.map((s) => s.fullName)).toEqual(['Sana Ali', 'Bilal Ahmed']);
    const last = await list(staff.token, 'page=2&limit=2');
    const ayesha = last.data[0];
    expect(ayesha).toEqual({
      _id: w.ayesha.id,
      studentId: Number(w.ayesha.studentNo),
      fullName: 'Ayesha Khan',
      shortDescription: 'BATCH-A',
      email: w.ayesha.email,
      city: 'Lahore',
      grade: { _id: w.grade5.id, title: 'Grade 5' },
      emailVerified: true,
      schoolName: 'Lahore Grammar School',
      phone: '03001234567',
      contestCount: 2,
      practiceCount: 1,
      createdAt: '2026-11-01T19:30:00.000Z',
      contestAttempts: { count: 2, createdAt: '2026-11-04T10:00:00.000Z' },
      codeEntered: true,
      rankAndScorePhase1: { topScore: 14.5, currentRank: 1 },
      rankAndScorePhase2: { topScore: 12, currentRank: 5 },
      rankAndScorePhase3: null,
      isActive: true,
    });
  });

  it('offers no winner when the contest phase has no standings or no phase is set', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(await list(staff.token)).toMatchObject({ addWinner: false, phaseId: null });
    const phase3 = await makePhase(t.db, 3);
    await setFlags(t.db, { contestQuizPhase: phase3.id });
    expect(await list(staff.token)).toMatchObject({ addWinner: false, phaseId: phase3.id });
    expect(w).toBeDefined();
  });

  it.each(FILTER_CASES)('filters %s', async (query, expected) => {
    await world();
    const staff = await signedIn();
    const page = await list(staff.token, query);
    expect(names(page)).toEqual(expected);
    expect(page.totalStudents).toBe(expected.length);
  });

  it('has a case for every spec filter that leaves someone out, so an ignored filter fails', () => {
    const narrowing = new Set(
      FILTER_CASES.filter(([query, expected]) => !query.includes('&') && expected.length < 3).map(
        ([query]) => query.split('=')[0],
      ),
    );
    // studentId and grade take ids made per test: the next test covers them.
    const missing = STUDENT_FILTER_KEYS.filter(
      (key) => !narrowing.has(key) && key !== 'studentId' && key !== 'grade',
    );
    expect(missing).toEqual([]);
  });

  it('filters by studentId and grade', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(names(await list(staff.token, `studentId=${w.bilal.studentNo}`))).toEqual(['Bilal Ahmed']);
    expect(names(await list(staff.token, `grade=${w.grade5.id}`))).toEqual(['Ayesha Khan', 'Sana Ali']);
  });

  it('combines filters with AND', async () => {
    const w = await world();
    const staff = await signedIn();
    expect(names(await list(staff.token, `grade=${w.grade5.id}&city=Lahore&isActive=true`))).toEqual([
      'Ayesha Khan',
    ]);
    expect(names(await list(staff.token, 'gender=FEMALE&phase1Toppers=200&contestPlayed=false'))).toEqual([]);
    expect(
      names(await list(staff.token, 'signedUpTo=2026-11-02&documentUploaded=true&practicePlayed=0')),
    ).toEqual(['Bilal Ahmed']);
  });

  it('refuses malformed filters with 400', async () => {
    const staff = await signedIn();
    for (const query of [
      'phase1Toppers=120',
      'gender=X',
      'isActive=yes',
      'signedUpFrom=2-11-2026',
      'grade=1',
    ]) {
      const res = await call(staff.token, 'GET', `/api/student/detail/?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('needs student read', async () => {
    const staff = await signedIn({ permissions: [['users', 'read']] });
    expect((await call(staff.token, 'GET', '/api/student/detail/')).statusCode).toBe(403);
  });
});
