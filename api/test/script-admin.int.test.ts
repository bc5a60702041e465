import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  bearer,
  deleteRedisKeys,
  makeGrade,
  makePhase,
  makeStudent,
  paymentStatusOf,
  phaseWithFinishedPlays,
  useTestContext,
} from '../../test/helpers.js';
import { scriptAdminCalls } from './script-admin.fixtures.js';

const t = useTestContext({ resetEachTest: true });
const { signIn, run, auditRows } = scriptAdminCalls(t);

beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
});

/** An outbox event of a known type, never enqueued, created `minutesAgo` minutes ago. */
async function pendingEvent(minutesAgo: number) {
  const row = await t.db
    .insertInto('outboxEvents')
    .values({
      type: 'flags.updated',
      payload: JSON.stringify({}),
      createdAt: sql<Date>`now() - make_interval(mins => ${minutesAgo})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const enqueuedAt = async (id: string) =>
  (await t.db.selectFrom('outboxEvents').select('enqueuedAt').where('id', '=', id).executeTakeFirstOrThrow())
    .enqueuedAt;

describe('script admin: re-enqueue stuck outbox events', () => {
  it('dry-runs without changing anything, runs, then finds nothing the second time', async () => {
    const { staff, token } = await signIn(true);
    const stuck = [await pendingEvent(30), await pendingEvent(20)];
    const recent = await pendingEvent(1);
    const body = { action: 'reenqueueStuckOutbox', params: { minutes: 10 }, password: staff.password };

    const dry = await run(token, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, changed: 2 });
    expect(dry.json().summary).toContain('Would re-enqueue 2 events');
    expect(await enqueuedAt(stuck[0]!)).toBeNull();
    expect(await auditRows('scriptAdmin.reenqueueStuckOutbox')).toHaveLength(0);

    const real = await run(token, { ...body, dryRun: false });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toMatchObject({ dryRun: false, changed: 2 });
    for (const id of stuck) {
      expect(await enqueuedAt(id)).not.toBeNull();
      expect(await t.queues.broadcast.getJob(id)).toBeDefined();
    }
    expect(await enqueuedAt(recent)).toBeNull();
    const audit = await auditRows('scriptAdmin.reenqueueStuckOutbox');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: staff.id, details: { params: { minutes: 10 }, changed: 2 } });

    const again = await run(token, { ...body, dryRun: false });
    expect(again.json()).toMatchObject({ changed: 0 });
  });

  it('refuses minutes outside 1 to 1440 with a message', async () => {
    const { staff, token } = await signIn(true);
    for (const minutes of [0, 1441, 'soon']) {
      const res = await run(token, {
        action: 'reenqueueStuckOutbox',
        params: { minutes },
        password: staff.password,
        dryRun: true,
      });
      expect(res.statusCode, String(minutes)).toBe(400);
      expect(res.json().message).toMatch(/minutes/);
    }
  });

  it('refuses a wrong password and changes nothing', async () => {
    const { token } = await signIn(true);
    const id = await pendingEvent(30);
    const res = await run(token, {
      action: 'reenqueueStuckOutbox',
      params: { minutes: 10 },
      password: 'not my password',
      dryRun: false,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Incorrect password' });
    expect(await enqueuedAt(id)).toBeNull();
  });

  it('refuses a run while the same action is already running', async () => {
    const { staff, token } = await signIn(true);
    await t.redis.set(
      `${t.config.REDIS_PREFIX}:lock:script-admin:reenqueueStuckOutbox`,
      'other',
      'PX',
      60_000,
    );
    const res = await run(token, {
      action: 'reenqueueStuckOutbox',
      params: { minutes: 10 },
      password: staff.password,
      dryRun: false,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already running/);
  });
});

describe('script admin: rebuild a phase ranking', () => {
  it('dry-runs the count of standings to change, rebuilds them, and a second run changes none', async () => {
    // Finished plays nobody has ranked yet: the rebuild writes their standings.
    const { phaseId } = await phaseWithFinishedPlays(t.db);
    const ranks = () =>
      t.db.selectFrom('phaseStandings').select(['studentId', 'rank']).orderBy('studentId').execute();
    const before = await ranks();
    const { staff, token } = await signIn(true);
    const body = { action: 'rebuildPhaseRankings', params: { phaseId }, password: staff.password };

    const dry = await run(token, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().changed).toBeGreaterThan(0);
    expect(await ranks()).toEqual(before);

    const real = await run(token, { ...body, dryRun: false });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().changed).toBe(dry.json().changed);
    expect(await ranks()).not.toEqual(before);
    expect(await auditRows('scriptAdmin.rebuildPhaseRankings')).toHaveLength(1);

    const again = await run(token, { ...body, dryRun: false });
    expect(again.json().changed).toBe(0);
  });

  it('refuses a phase that does not exist or is not an id', async () => {
    const { staff, token } = await signIn(true);
    await makePhase(t.db, 1);
    for (const phaseId of ['00000000-0000-4000-8000-000000000000', 'phase-1']) {
      const res = await run(token, {
        action: 'rebuildPhaseRankings',
        params: { phaseId },
        password: staff.password,
        dryRun: true,
      });
      expect(res.statusCode, phaseId).toBe(400);
      expect(res.json().message).toMatch(/phase/i);
    }
  });
});

/** A jazzcash payment in `status`, created `hoursAgo` hours ago. */
async function payment(gradeId: string, status: 'PENDING' | 'PAID', hoursAgo: number) {
  const student = await makeStudent(t.db, { gradeId });
  const pkg = await t.db
    .insertInto('paymentPackages')
    .values({ name: `Package ${student.id}`, pricePaisa: 50_000, attempts: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  const orderRef = `T${student.id.replaceAll('-', '').slice(0, 12).toUpperCase()}`;
  await t.db
    .insertInto('payments')
    .values({
      orderRef,
      studentId: student.id,
      packageId: pkg.id,
      gateway: 'jazzcash',
      status,
      listPricePaisa: 50_000,
      amountPaisa: 50_000,
      attempts: 1,
      createdAt,
      updatedAt: createdAt,
      paidAt: status === 'PAID' ? createdAt : null,
    })
    .execute();
  return orderRef;
}

describe('script admin: expire stale pending payments', () => {
  it('dry-runs, expires only pending payments older than a day with a log row, and a second run expires none', async () => {
    const { staff, token } = await signIn(true);
    const grade = await makeGrade(t.db, 3);
    const stale = await payment(grade.id, 'PENDING', 30);
    const fresh = await payment(grade.id, 'PENDING', 2);
    const paid = await payment(grade.id, 'PAID', 30);
    const body = { action: 'expireStalePayments', params: {}, password: staff.password };

    const dry = await run(token, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ changed: 1, details: [`${stale} (jazzcash)`] });
    expect(await paymentStatusOf(t.db, stale)).toBe('PENDING');

    const real = await run(token, { ...body, dryRun: false });
    expect(real.json()).toMatchObject({ changed: 1, details: [stale] });
    expect([
      await paymentStatusOf(t.db, stale),
      await paymentStatusOf(t.db, fresh),
      await paymentStatusOf(t.db, paid),
    ]).toEqual(['EXPIRED', 'PENDING', 'PAID']);
    const logs = await t.db.selectFrom('paymentLogs').select('kind').where('orderRef', '=', stale).execute();
    expect(logs).toEqual([{ kind: 'EXPIRY' }]);
    expect(await auditRows('scriptAdmin.expireStalePayments')).toHaveLength(1);

    const again = await run(token, { ...body, dryRun: false });
    expect(again.json()).toMatchObject({ changed: 0 });
  });
});

/** An e-mail in `status`, created `hoursAgo` hours ago. */
async function mail(status: 'FAILED' | 'SENT', hoursAgo: number) {
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  const row = await t.db
    .insertInto('mailMessages')
    .values({ template: 'verifyEmail', toEmail: 'parent@example.com', status, createdAt, attempts: 5 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const mailStatus = async (id: string) =>
  (await t.db.selectFrom('mailMessages').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

const mailEvents = async () =>
  (await t.db.selectFrom('outboxEvents').select('payload').where('type', '=', 'mail.queued').execute()).map(
    (e) => (e.payload as { messageId: string }).messageId,
  );

describe('script admin: resend failed e-mails', () => {
  it('dry-runs, queues the failed e-mails of the last N hours again, and a second run resends none', async () => {
    const { staff, token } = await signIn(true);
    const failed = await mail('FAILED', 2);
    const old = await mail('FAILED', 48);
    const sent = await mail('SENT', 2);
    const body = { action: 'resendFailedMail', params: { hours: 24 }, password: staff.password };

    const dry = await run(token, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toMatchObject({ changed: 1, details: ['verifyEmail to parent@example.com'] });
    expect(await mailStatus(failed)).toBe('FAILED');
    expect(await mailEvents()).toEqual([]);

    const real = await run(token, { ...body, dryRun: false });
    expect(real.json()).toMatchObject({ changed: 1 });
    expect([await mailStatus(failed), await mailStatus(old), await mailStatus(sent)]).toEqual([
      'QUEUED',
      'FAILED',
      'SENT',
    ]);
    expect(await mailEvents()).toEqual([failed]);
    expect(await auditRows('scriptAdmin.resendFailedMail')).toHaveLength(1);

    const again = await run(token, { ...body, dryRun: false });
    expect(again.json()).toMatchObject({ changed: 0 });
    expect(await mailEvents()).toEqual([failed]);
  });

  it('refuses hours outside 1 to 168', async () => {
    const { staff, token } = await signIn(true);
    const res = await run(token, {
      action: 'resendFailedMail',
      params: { hours: 169 },
      password: staff.password,
      dryRun: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'hours must be at most 168' });
  });
});

describe('script admin access', () => {
  it('refuses staff with every other permission, listing and running alike', async () => {
    const { staff, token } = await signIn(false);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/script-admin/actions',
      headers: bearer(token),
    });
    expect(list.statusCode).toBe(403);
    const res = await run(token, {
      action: 'reenqueueStuckOutbox',
      params: { minutes: 10 },
      password: staff.password,
      dryRun: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Super Admin/);
  });

  it('lists the actions with their parameters for a Super Admin', async () => {
    const { token } = await signIn(true);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/script-admin/actions',
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((a: { name: string }) => a.name)).toEqual([
      'rebuildPhaseRankings',
      'reenqueueStuckOutbox',
      'resendFailedMail',
      'expireStalePayments',
      'rescorePlay',
    ]);
  });
});
