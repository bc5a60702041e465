import { afterEach, describe, expect, it } from 'vitest';
import { endPhaseContest, makePlay, seededPackageId, seededPhaseId, setFlags } from '../../test/helpers.js';
import { call, onePackage, studentId, t } from './payments.fixtures.js';

interface Offered {
  _id: string;
  name: string;
  usable: boolean;
  unusableReason: string | null;
}

const offered = async () =>
  (await call('GET', '/api/payment/options')).json<{ data: { packages: Offered[] } }>().data.packages;
const offer = async (name: string) => (await offered()).find((p) => p.name === name);
const buy = (packageId = onePackage.id) =>
  call('POST', '/api/payment/checkout', { packageId, gateway: 'sandbox' });
const hold = (contestAttempts: number) =>
  t.db.updateTable('students').set({ contestAttempts }).where('id', '=', studentId).execute();

async function contestQuiz() {
  const row = await t.db
    .selectFrom('students')
    .innerJoin('quizGrades', 'quizGrades.gradeId', 'students.gradeId')
    .innerJoin('quizzes', 'quizzes.id', 'quizGrades.quizId')
    .select(['quizzes.id', 'quizzes.phaseId', 'students.gradeId'])
    .where('students.id', '=', studentId)
    .where('quizzes.kind', '=', 'CONTEST')
    .where('quizzes.isActive', '=', true)
    .executeTakeFirstOrThrow();
  return { quizId: row.id, phaseId: row.phaseId, gradeId: row.gradeId as string };
}

const expectNotUsable = async (res: Awaited<ReturnType<typeof buy>>, message: RegExp) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(res.json()).toMatchObject({ code: 'ATTEMPTS_NOT_USABLE', message: expect.stringMatching(message) });
  expect(await t.db.selectFrom('payments').select('id').execute()).toEqual([]);
};

afterEach(async () => {
  await t.db.deleteFrom('plays').where('studentId', '=', studentId).execute();
  const phaseId = await seededPhaseId(t.db);
  await t.db
    .updateTable('phases')
    .set({ status: 'ACTIVE', closedAt: null, resultsReleaseAt: null })
    .where('id', '=', phaseId)
    .execute();
  await setFlags(t.db, { isPaymentEnabled: true });
});

describe('payments only for attempts that can be used', () => {
  it('offers both packages to a child with no attempts and no plays', async () => {
    expect((await offered()).map((p) => [p.name, p.usable, p.unusableReason])).toEqual([
      ['One attempt', true, null],
      ['Two attempts', true, null],
    ]);
  });

  it('refuses attempts beyond the plays left once the child used the contest’s plays (#30)', async () => {
    const quiz = await contestQuiz();
    await makePlay(t.db, { ...quiz, studentId, answers: [] });
    await makePlay(t.db, { ...quiz, studentId, answers: [] });

    const one = await offer('One attempt');
    expect(one).toMatchObject({
      usable: false,
      unusableReason: expect.stringMatching(/played all 2 attempts/),
    });
    await expectNotUsable(await buy(), /played all 2 attempts/);
    const promo = await call('POST', '/api/payment/promo/check', {
      code: 'WELCOME50',
      packageId: onePackage.id,
    });
    expect(promo.statusCode).toBe(409);
  });

  it('counts the attempts already held: with both plays covered, nothing more is sold', async () => {
    await hold(2);
    expect(await offer('One attempt')).toMatchObject({
      usable: false,
      unusableReason: expect.stringMatching(/2 attempts you hold already cover the 2 plays left/),
    });
    await expectNotUsable(await buy(), /already cover/);
  });

  it('sells one attempt but not two when one play is left after a finished one', async () => {
    const quiz = await contestQuiz();
    await makePlay(t.db, { ...quiz, studentId, answers: [] });
    // A cancelled play does not count, as the start rule does not count it.
    await makePlay(t.db, { ...quiz, studentId, status: 'CANCELLED', answers: [] });
    expect(await offer('One attempt')).toMatchObject({ usable: true, unusableReason: null });
    expect(await offer('Two attempts')).toMatchObject({
      usable: false,
      unusableReason: expect.stringMatching(/Only 1 more attempt can be used/),
    });
    await expectNotUsable(await buy(await seededPackageId(t.db, 'Two attempts')), /Only 1 more attempt/);
    expect((await buy()).statusCode).toBe(200);
  });

  it('refuses a package of a contest that no longer takes starts, though it is still the contest phase', async () => {
    const phaseId = await seededPhaseId(t.db);
    await setFlags(t.db, { isPaymentEnabled: true, contestQuizPhase: phaseId });
    await endPhaseContest(t.db, phaseId, { released: false });
    expect(await offer('One attempt')).toMatchObject({
      usable: false,
      unusableReason: expect.stringMatching(/contest has ended/),
    });
    await expectNotUsable(await buy(), /contest has ended/);
  });
});
