import { describe, expect, it } from 'vitest';
import { authorizedCall, setFlags, signedInStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });
const call = authorizedCall(t);

const ON = {
  isRegistrationEnabled: true,
  isPracticeQuizEnabled: true,
  isPaymentEnabled: true,
  isContestQuizEnabled: true,
};

async function admin() {
  return (await signedInStaff(t, { permissions: [['systemConfigurations', 'update']] })).token;
}

async function readFlags() {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/flag/detail' });
  return res.json<[Record<string, unknown> & { version: number }]>()[0];
}

const stored = () =>
  t.db.selectFrom('systemFlags').select(['flags', 'version']).where('id', '=', 1).executeTakeFirstOrThrow();
const flagEvents = () =>
  t.db.selectFrom('outboxEvents').select('id').where('type', '=', 'flags.updated').execute();
const flagAudits = () =>
  t.db.selectFrom('auditLog').select(['actorId', 'details']).where('action', '=', 'flags.update').execute();

describe('POST /api/admin/createFlag/ saves a patch', () => {
  it('changes only the flags sent: the leaderboard switch alone leaves registration, practice, payments and the contest on', async () => {
    const token = await admin();
    expect((await call(token, 'POST', '/api/admin/createFlag/', ON)).statusCode).toBe(200);
    const res = await call(token, 'POST', '/api/admin/createFlag/', { isLeaderBoardDisplayed: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ ...ON, isLeaderBoardDisplayed: true, version: 2 });
    expect((await stored()).flags).toEqual({ ...ON, isLeaderBoardDisplayed: true });
    expect(await readFlags()).toMatchObject({ ...ON, isLeaderBoardDisplayed: true, version: 2 });
  });

  it("removes a flag set to 'none', false or null, and keeps the rest", async () => {
    await setFlags(t.db, { ...ON, isLeaderBoardDisplayed: true });
    const token = await admin();
    const res = await call(token, 'POST', '/api/admin/createFlag/', {
      isRegistrationEnabled: 'none',
      isPaymentEnabled: false,
      isLeaderBoardDisplayed: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored()).flags).toEqual({ isPracticeQuizEnabled: true, isContestQuizEnabled: true });
  });

  it('returns the version beside the flags in the first element, and raises it with every save', async () => {
    const token = await admin();
    expect(await readFlags()).toMatchObject({ isPaymentEnabled: false, version: 0 });
    const first = await call(token, 'POST', '/api/admin/createFlag/', { isPaymentEnabled: true, version: 0 });
    expect(first.json().data.version).toBe(1);
    const second = await call(token, 'POST', '/api/admin/createFlag/', {
      isPaymentEnabled: false,
      version: 1,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(await readFlags()).toMatchObject({ isPaymentEnabled: false, version: 2 });
  });

  it('refuses a save on a stale version with 409 naming the other change, changing nothing', async () => {
    const token = await admin();
    await call(token, 'POST', '/api/admin/createFlag/', { isPracticeQuizEnabled: true, version: 0 });
    const before = await stored();
    const eventsBefore = await flagEvents();

    const stale = await call(token, 'POST', '/api/admin/createFlag/', { isPaymentEnabled: true, version: 0 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      message: expect.stringMatching(/^Someone else changed the system configuration after you opened it/),
    });
    expect(await stored()).toEqual(before);
    expect(await flagEvents()).toHaveLength(eventsBefore.length);
    expect(await flagAudits()).toHaveLength(1);
  });

  it('lets exactly one of two saves made on the same version win, and keeps only its change', async () => {
    const [a, b] = [await admin(), await admin()];
    for (let round = 0; round < 5; round += 1) {
      const before = await readFlags();
      const results = await Promise.all([
        call(a, 'POST', '/api/admin/createFlag/', {
          isPaymentEnabled: !before.isPaymentEnabled,
          version: before.version,
        }),
        call(b, 'POST', '/api/admin/createFlag/', {
          isRegistrationEnabled: !before.isRegistrationEnabled,
          version: before.version,
        }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const after = await readFlags();
      expect(after.version).toBe(before.version + 1);
      expect([
        after.isPaymentEnabled !== before.isPaymentEnabled,
        after.isRegistrationEnabled !== before.isRegistrationEnabled,
      ]).toEqual(results.map((r) => r.statusCode === 200));
    }
  });

  it('audits who changed which flags from what to what, and the versions', async () => {
    await setFlags(t.db, ON);
    const staff = await signedInStaff(t, { permissions: [['systemConfigurations', 'update']] });
    const res = await call(staff.token, 'POST', '/api/admin/createFlag/', {
      isLeaderBoardDisplayed: true,
      isPaymentEnabled: 'none',
      isRegistrationEnabled: true,
      version: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await flagAudits()).toEqual([
      {
        actorId: staff.id,
        details: {
          changes: {
            isLeaderBoardDisplayed: { from: false, to: true },
            isPaymentEnabled: { from: true, to: false },
          },
          version: { from: 0, to: 1 },
        },
      },
    ]);
  });

  it('writes nothing for a patch that changes nothing', async () => {
    await setFlags(t.db, ON);
    const token = await admin();
    const res = await call(token, 'POST', '/api/admin/createFlag/', { isPaymentEnabled: true, version: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(0);
    expect(await flagEvents()).toEqual([]);
    expect(await flagAudits()).toEqual([]);
  });

  it('refuses a version that is not a whole number with 400 naming it', async () => {
    const token = await admin();
    const res = await call(token, 'POST', '/api/admin/createFlag/', { isPaymentEnabled: true, version: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/version/);
  });
});
