import { FLAG_KEYS } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  makePhase,
  type StaffFactoryOptions,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true });

const staffToken = async (options: StaffFactoryOptions) => (await signedInStaff(t, options)).token;

describe('GET /api/admin/flag/detail', () => {
  it.each(['/api/admin/flag/detail', '/api/admin/flag/detail/'])(
    '%s returns an array whose first element holds every flag, false when absent, and the version',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      const body = res.json<Record<string, unknown>[]>();
      expect(Array.isArray(body)).toBe(true);
      const { version, ...flags } = body[0] ?? {};
      expect(Object.keys(flags).sort()).toEqual([...FLAG_KEYS].sort());
      expect(Object.values(flags).every((v) => v === false)).toBe(true);
      expect(version).toBe(0);
    },
  );
});

describe('POST /api/admin/createFlag/', () => {
  it('refuses a caller without a token with 401', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/createFlag/', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('refuses staff with only read permission with 403', async () => {
    const token = await staffToken({ permissions: [['systemConfigurations', 'read']] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers: bearer(token),
      payload: { isRegistrationEnabled: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toMatch(/permission/);
  });

  it('saves flags for staff with update permission and removes values equal to none', async () => {
    const phase = await makePhase(t.db);
    const token = await staffToken({ permissions: [['systemConfigurations', 'update']] });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers: bearer(token),
      payload: {
        isRegistrationEnabled: true,
        isPaymentEnabled: 'true',
        isLeaderBoardDisplayed: 'none',
        contestQuizPhase: phase.id,
        practiceQuizPhase: 'none',
        somethingUnknown: 'x',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ message: string }>().message).toBe('Flags updated successfully');

    const stored = await t.db.selectFrom('systemFlags').select('flags').executeTakeFirstOrThrow();
    expect(stored.flags).toEqual({
      isRegistrationEnabled: true,
      isPaymentEnabled: true,
      contestQuizPhase: phase.id,
    });

    const [flags] = (await t.app.inject({ method: 'GET', url: '/api/admin/flag/detail' })).json<
      Record<string, unknown>[]
    >();
    expect(flags).toMatchObject({
      isRegistrationEnabled: true,
      isPaymentEnabled: true,
      isLeaderBoardDisplayed: false,
      contestQuizPhase: phase.id,
      practiceQuizPhase: false,
    });
  });

  it('writes an outbox event with the flags in the same transaction', async () => {
    const token = await staffToken({ superAdmin: true });
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers: bearer(token),
      payload: { isPracticeQuizEnabled: true },
    });
    const events = await t.db.selectFrom('outboxEvents').select(['type', 'enqueuedAt']).execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe('flags.updated');
    expect(events[0]?.enqueuedAt).not.toBeNull();
    const audit = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'flags.update')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('rejects a phase flag naming a phase that does not exist, keeping the stored flags', async () => {
    const token = await staffToken({ superAdmin: true });
    const headers = bearer(token);
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers,
      payload: { isPaymentEnabled: true },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers,
      payload: { contestQuizPhase: '00000000-0000-4000-8000-000000000000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/phase/);
    const stored = await t.db.selectFrom('systemFlags').select('flags').executeTakeFirstOrThrow();
    expect(stored.flags).toEqual({ isPaymentEnabled: true });
  });

  it('rejects a value of the wrong type with 400 and a message naming the field', async () => {
    const token = await staffToken({ superAdmin: true });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/createFlag/',
      headers: bearer(token),
      payload: { isPaymentEnabled: 'maybe' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/isPaymentEnabled/);
  });
});

describe('flag presets', () => {
  it('saves the current flags as a preset, lists it and returns its flags by id or name', async () => {
    const token = await staffToken({
      permissions: [
        ['systemConfigurations', 'read'],
        ['systemConfigurations', 'update'],
      ],
    });
    const headers = bearer(token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/preSetFlag/create/',
      headers,
      payload: { name: 'Contest day', flags: { isContestQuizEnabled: true, isRegistrationEnabled: 'none' } },
    });
    expect(created.statusCode).toBe(201);
    const { _id } = created.json<{ data: { _id: string } }>().data;

    const list = await t.app.inject({ method: 'GET', url: '/api/systemPreSet/', headers });
    expect(list.json<{ data: { name: string }[] }>().data.map((p) => p.name)).toEqual(['Contest day']);

    for (const preSet of [_id, 'contest day']) {
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/admin/preSetFlag/detail/?preSet=${encodeURIComponent(preSet)}`,
        headers,
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json<{ data: { flags: Record<string, unknown> } }>().data.flags).toMatchObject({
        isContestQuizEnabled: true,
        isRegistrationEnabled: false,
      });
    }
  });

  it('answers 404 for an unknown preset', async () => {
    const token = await staffToken({ superAdmin: true });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/preSetFlag/detail/?preSet=nothing',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Preset not found' });
  });
});

describe('GET /api/contestPhase/active', () => {
  it('returns the phase named by contestQuizPhase, else the ACTIVE phase open now, else null', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/contestPhase/active' })).json()).toEqual({
      data: null,
    });
    const open = await makePhase(t.db, 1);
    const res = await t.app.inject({ method: 'GET', url: '/api/contestPhase/active' });
    expect(res.json<{ data: { _id: string } }>().data._id).toBe(open.id);

    const later = await t.db
      .insertInto('phases')
      .values({
        name: 'Final',
        number: 3,
        startsAt: new Date(Date.now() + 1e9),
        endsAt: new Date(Date.now() + 2e9),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('systemFlags')
      .values({ id: 1, flags: JSON.stringify({ contestQuizPhase: later.id }) })
      .execute();
    const named = await t.app.inject({ method: 'GET', url: '/api/contestPhase/active' });
    expect(named.json<{ data: { _id: string; name: string } }>().data).toMatchObject({
      _id: later.id,
      name: 'Final',
    });
  });
});
