import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, resetDatabase, type TestContext } from '../../test/helpers.js';
import { seedDemoData } from '../src/seed/index.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
  await resetDatabase(t.db);
});
afterAll(async () => {
  await resetDatabase(t.db);
  await t.close();
});

describe('demo dataset', () => {
  it('fills an empty database, prints a generated admin password once, and lets that admin sign in', async () => {
    const result = await seedDemoData(t.db, { adminEmail: 'owner@riyazi.test' });
    expect(result.seeded).toBe(true);
    expect(result.generatedAdminPassword?.length).toBeGreaterThanOrEqual(16);
    expect(result.counts).toMatchObject({ grades: 8, phases: 3, quizzes: 16 });
    expect(result.counts.faqEntries).toBeGreaterThanOrEqual(10);
    expect(result.counts.sitePages).toBe(7);
    expect(result.counts.questions).toBeGreaterThanOrEqual(60);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'owner@riyazi.test', password: result.generatedAdminPassword },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isSuperAdmin: true, role: 'Super Admin' });
  });

  it('gives every grade a practice and a contest quiz with questions to draw from', async () => {
    const rows = await t.db
      .selectFrom('grades')
      .select((eb) => [
        'grades.title',
        eb
          .selectFrom('quizGrades')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('quizGrades.gradeId', '=', 'grades.id')
          .as('quizzes'),
        eb
          .selectFrom('questions')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('questions.gradeId', '=', 'grades.id')
          .as('questions'),
      ])
      .execute();
    expect(rows).toHaveLength(8);
    for (const row of rows) {
      expect(Number(row.quizzes), row.title).toBe(2);
      expect(Number(row.questions), row.title).toBeGreaterThanOrEqual(8);
    }
  });

  it('opens sign-up, both quiz kinds on phase 1 and sandbox payments so the demo works out of the box', async () => {
    const [flags] = (await t.app.inject({ method: 'GET', url: '/api/admin/flag/detail' })).json<
      Record<string, unknown>[]
    >();
    const phase1 = await t.db
      .selectFrom('phases')
      .select('id')
      .where('number', '=', 1)
      .executeTakeFirstOrThrow();
    expect(flags).toMatchObject({
      isRegistrationEnabled: true,
      isPracticeQuizEnabled: true,
      isContestQuizEnabled: true,
      practiceQuizPhase: phase1.id,
      contestQuizPhase: phase1.id,
      isPaymentEnabled: true,
    });
    // Payment works in the demo through the sandbox gateway only (no real gateway credentials).
    const settings = await t.db
      .selectFrom('paymentGatewaySettings')
      .select(['gateway', 'enabled'])
      .where('enabled', '=', true)
      .execute();
    expect(settings).toEqual([{ gateway: 'sandbox', enabled: true }]);
    const packages = await t.db
      .selectFrom('paymentPackages')
      .select(['attempts', 'pricePaisa', 'phaseId'])
      .execute();
    expect(packages).toEqual([
      { attempts: 1, pricePaisa: 50_000, phaseId: phase1.id },
      { attempts: 2, pricePaisa: 90_000, phaseId: phase1.id },
    ]);
  });

  it('does nothing on a database that already has data', async () => {
    const again = await seedDemoData(t.db);
    expect(again).toMatchObject({ seeded: false, adminEmail: null, generatedAdminPassword: null });
    const admins = await t.db.selectFrom('staffUsers').select('email').execute();
    expect(admins).toEqual([{ email: 'owner@riyazi.test' }]);
  });
});
