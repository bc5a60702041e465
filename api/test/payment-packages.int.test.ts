import { randomBytes } from 'node:crypto';
import type { Action } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import {
  authorizedCall,
  makeGrade,
  makePhase,
  makeStudent,
  signedInStaff,
  useTestContext,
} from '../../test/helpers.js';
import { listActivePackages } from '../src/modules/payment-config/payment-config.service.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

async function tokenFor(actions: Action[]) {
  return signedInStaff(t, {
    permissions: actions.map((action) => ['paymentConfigurations', action]),
  });
}

const call = authorizedCall(t);

const create = (token: string, body: object) =>
  call(token, 'POST', '/api/admin/paymentPackage/create/', body);

const NEW_PACKAGE = { name: 'Two attempts', description: 'For phase 1', attempts: 2, price: 1500 };

/** A payment row for a package, as checkout would write it. */
async function makePayment(packageId: string) {
  const grade = await makeGrade(t.db, 6);
  const student = await makeStudent(t.db, {
    fullName: 'Bilal Shah',
    email: `bilal-${randomBytes(4).toString('hex')}@example.com`,
    gradeId: grade.id,
  });
  await t.db
    .insertInto('payments')
    .values({
      orderRef: `RZ${randomBytes(5).toString('hex').toUpperCase()}`,
      studentId: student.id,
      packageId,
      gateway: 'sandbox',
      listPricePaisa: 150_000,
      amountPaisa: 150_000,
      attempts: 2,
    })
    .execute();
}

describe('POST /api/admin/paymentPackage/create/', () => {
  it('adds a package priced in rupees and stores the price as paisa', async () => {
    const admin = await tokenFor(['update']);
    const phase = await makePhase(t.db, 1);
    const res = await create(admin.token, { ...NEW_PACKAGE, price: 1499.5, phaseId: phase.id, position: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      _id: expect.any(String),
      name: 'Two attempts',
      description: 'For phase 1',
      attempts: 2,
      phase: { _id: phase.id, name: 'Phase 1' },
      price: 1499.5,
      pricePaisa: 149_950,
      isActive: true,
      position: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const row = await t.db.selectFrom('paymentPackages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ pricePaisa: 149_950, phaseId: phase.id, isActive: true });

    const audit = await t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetId', 'details'])
      .where('action', '=', 'paymentPackage.create')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actorId: admin.id,
      targetId: row.id,
      details: { name: 'Two attempts', pricePaisa: 149_950 },
    });
  });

  it('defaults to any phase, active, position 0 and no description', async () => {
    const admin = await tokenFor(['update']);
    const res = await create(admin.token, { name: ' Single ', attempts: 1, price: 100 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      name: 'Single',
      description: '',
      phase: null,
      isActive: true,
      position: 0,
      pricePaisa: 10_000,
    });
  });

  it.each([
    [{ name: '' }, 'name', 'is required'],
    [{ name: 'x'.repeat(81) }, 'name', 'must be at most 80 characters'],
    [{ description: 'x'.repeat(301) }, 'description', 'must be at most 300 characters'],
    [{ attempts: 0 }, 'attempts', 'must be at least 1'],
    [{ attempts: 21 }, 'attempts', 'must be at most 20'],
    [{ attempts: 1.5 }, 'attempts', 'must be a whole number'],
    [{ price: 0.5 }, 'price', 'must be at least 1 rupee'],
    [{ price: 100_001 }, 'price', 'must be at most 100000 rupees'],
    [{ price: 10.005 }, 'price', 'may have at most 2 decimals'],
    [{ price: '1500' }, 'price', 'must be a number'],
    [{ phaseId: 'phase-1' }, 'phaseId', 'must be a phase id'],
  ])('refuses %j with a 400 naming the field', async (changes, field, problem) => {
    const admin = await tokenFor(['update']);
    const res = await create(admin.token, { ...NEW_PACKAGE, ...changes });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: `${field}: ${problem}`, errors: { [field]: problem } });
    expect(await t.db.selectFrom('paymentPackages').select('id').execute()).toEqual([]);
  });

  it('refuses a phase that does not exist', async () => {
    const admin = await tokenFor(['update']);
    const res = await create(admin.token, {
      ...NEW_PACKAGE,
      phaseId: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { phaseId: 'the chosen phase does not exist' } });
  });
});

describe('GET /api/admin/paymentPackage/', () => {
  it('lists every package by position then price, with the phases a package may name', async () => {
    const admin = await tokenFor(['read', 'update']);
    const phase = await makePhase(t.db, 2);
    await create(admin.token, { ...NEW_PACKAGE, name: 'Dear', price: 3000, position: 1 });
    await create(admin.token, { ...NEW_PACKAGE, name: 'Cheap', price: 500, position: 1 });
    await create(admin.token, { ...NEW_PACKAGE, name: 'First', price: 9000, position: 0, isActive: false });
    const res = await call(admin.token, 'GET', '/api/admin/paymentPackage/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((p: { name: string }) => p.name)).toEqual(['First', 'Cheap', 'Dear']);
    expect(body.phases).toEqual([{ _id: phase.id, name: 'Phase 2', number: 2, status: 'ACTIVE' }]);
  });
});

describe('POST /api/admin/paymentPackage/update/ and status/', () => {
  it('changes the fields sent, converting the price, and audits the change', async () => {
    const admin = await tokenFor(['update']);
    const phase = await makePhase(t.db, 1);
    const created = (await create(admin.token, NEW_PACKAGE)).json().data;
    const res = await call(admin.token, 'POST', `/api/admin/paymentPackage/update/?id=${created._id}`, {
      price: 1250.75,
      phaseId: phase.id,
      attempts: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Two attempts',
      attempts: 3,
      price: 1250.75,
      pricePaisa: 125_075,
      phase: { _id: phase.id },
    });
    const audit = await t.db
      .selectFrom('auditLog')
      .select('details')
      .where('action', '=', 'paymentPackage.update')
      .executeTakeFirstOrThrow();
    expect(audit.details).toEqual({
      name: 'Two attempts',
      changes: {
        pricePaisa: { from: 150_000, to: 125_075 },
        phaseId: { from: null, to: phase.id },
        attempts: { from: 2, to: 3 },
      },
    });

    const anyPhase = await call(admin.token, 'POST', `/api/admin/paymentPackage/update/?id=${created._id}`, {
      phaseId: null,
    });
    expect(anyPhase.json().data.phase).toBeNull();
  });

  it('refuses bad values and answers 404 for a package that does not exist', async () => {
    const admin = await tokenFor(['update']);
    const created = (await create(admin.token, NEW_PACKAGE)).json().data;
    const bad = await call(admin.token, 'POST', `/api/admin/paymentPackage/update/?id=${created._id}`, {
      price: 99.999,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ price: 'may have at most 2 decimals' });
    const missing = await call(
      admin.token,
      'POST',
      '/api/admin/paymentPackage/update/?id=00000000-0000-4000-8000-000000000000',
      { name: 'Ghost' },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('switches a package off and on; inactive packages are not offered to checkout', async () => {
    const admin = await tokenFor(['update']);
    const phase = await makePhase(t.db, 1);
    const kept = (await create(admin.token, { ...NEW_PACKAGE, phaseId: phase.id })).json().data;
    const created = (await create(admin.token, { ...NEW_PACKAGE, name: 'Off', price: 100 })).json().data;
    const off = await call(admin.token, 'POST', `/api/admin/paymentPackage/status/?id=${created._id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.isActive).toBe(false);
    await expect(listActivePackages(t.db)).resolves.toEqual([
      {
        id: kept._id,
        name: 'Two attempts',
        description: 'For phase 1',
        attempts: 2,
        pricePaisa: 150_000,
        phase: { id: phase.id, title: 'Phase 1', status: expect.any(String), endsAt: expect.any(Date) },
      },
    ]);

    const on = await call(admin.token, 'POST', `/api/admin/paymentPackage/status/?id=${created._id}`, {
      isActive: true,
    });
    expect(on.json().data.isActive).toBe(true);
    expect((await listActivePackages(t.db)).map((p) => p.name)).toEqual(['Off', 'Two attempts']);
    const bad = await call(admin.token, 'POST', `/api/admin/paymentPackage/status/?id=${created._id}`, {
      isActive: 'yes',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('DELETE /api/admin/paymentPackage/delete/', () => {
  it('deletes a package nobody has paid for', async () => {
    const admin = await tokenFor(['update']);
    const created = (await create(admin.token, NEW_PACKAGE)).json().data;
    const res = await call(admin.token, 'DELETE', `/api/admin/paymentPackage/delete/?id=${created._id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('paymentPackages').select('id').execute()).toEqual([]);
    const again = await call(admin.token, 'DELETE', `/api/admin/paymentPackage/delete/?id=${created._id}`);
    expect(again.statusCode).toBe(404);
    const audit = await t.db
      .selectFrom('auditLog')
      .select('targetId')
      .where('action', '=', 'paymentPackage.delete')
      .execute();
    expect(audit).toEqual([{ targetId: created._id }]);
  });

  it('refuses to delete a package a payment refers to', async () => {
    const admin = await tokenFor(['update']);
    const created = (await create(admin.token, NEW_PACKAGE)).json().data;
    await makePayment(created._id);
    const res = await call(admin.token, 'DELETE', `/api/admin/paymentPackage/delete/?id=${created._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This package has payments; deactivate it instead.' });
    expect(await t.db.selectFrom('paymentPackages').select('id').execute()).toHaveLength(1);
  });

  it('refuses to delete a package a promo code is limited to', async () => {
    const admin = await tokenFor(['update']);
    const created = (await create(admin.token, NEW_PACKAGE)).json().data;
    await t.db
      .insertInto('promoCodes')
      .values({ code: 'EID-50', discountType: 'PERCENT', discountValue: 50, packageIds: [created._id] })
      .execute();
    const res = await call(admin.token, 'DELETE', `/api/admin/paymentPackage/delete/?id=${created._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/promo code EID-50/);
  });
});

describe('permissions', () => {
  it('lets read-only staff list packages but not change them', async () => {
    const writer = await tokenFor(['update']);
    const created = (await create(writer.token, NEW_PACKAGE)).json().data;
    const reader = await tokenFor(['read']);
    expect((await call(reader.token, 'GET', '/api/admin/paymentPackage/')).statusCode).toBe(200);
    expect((await create(reader.token, NEW_PACKAGE)).statusCode).toBe(403);
    const id = created._id;
    expect(
      (await call(reader.token, 'POST', `/api/admin/paymentPackage/update/?id=${id}`, { attempts: 5 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(reader.token, 'POST', `/api/admin/paymentPackage/status/?id=${id}`, { isActive: false }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(reader.token, 'DELETE', `/api/admin/paymentPackage/delete/?id=${id}`)).statusCode,
    ).toBe(403);
    const row = await t.db.selectFrom('paymentPackages').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ attempts: 2, isActive: true });
  });

  it('refuses staff without the payment configuration permission', async () => {
    const stranger = await tokenFor([]);
    expect((await call(stranger.token, 'GET', '/api/admin/paymentPackage/')).statusCode).toBe(403);
    // Creating is a change: it needs update, not create.
    const creator = await tokenFor(['read', 'create']);
    expect((await create(creator.token, NEW_PACKAGE)).statusCode).toBe(403);
  });
});
