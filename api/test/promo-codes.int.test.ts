import type { Action, Module } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { authorizedCall, makeStudent, signedInStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const PROMO_ALL: [Module, Action][] = [
  ['promoCode', 'read'],
  ['promoCode', 'create'],
  ['promoCode', 'update'],
  ['promoCode', 'delete'],
];

const signedIn = (permissions: [Module, Action][] = PROMO_ALL) => signedInStaff(t, { permissions });

const call = authorizedCall(t);

const makePackage = (name: string, pricePaisa = 50_000) =>
  t.db
    .insertInto('paymentPackages')
    .values({ name, attempts: 2, pricePaisa })
    .returning('id')
    .executeTakeFirstOrThrow();

const auditRows = (action: string) =>
  t.db
    .selectFrom('auditLog')
    .select(['actorId', 'actorType', 'targetId', 'details'])
    .where('action', '=', action)
    .execute();

const storedPromo = (id: string) =>
  t.db.selectFrom('promoCodes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

interface PromoBody {
  data: {
    _id: string;
    code: string;
    description: string;
    discountType: string;
    discountValue: number;
    maxUses: number | null;
    usedCount: number;
    packageIds: string[];
    packages: { _id: string; name: string }[];
    isActive: boolean;
  };
}

const validBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'welcome-10',
  description: 'Ten percent off for new students',
  discountType: 'PERCENT',
  discountValue: 10,
  validFrom: null,
  validUntil: null,
  maxUses: 100,
  maxUsesPerStudent: 1,
  packageIds: [],
  isActive: true,
  ...overrides,
});

async function createPromo(token: string, overrides: Record<string, unknown> = {}) {
  const res = await call(token, 'POST', '/api/admin/promoCode/create/', validBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PromoBody>().data;
}

describe('POST /api/admin/promoCode/create/', () => {
  it('stores the code upper-case and a FIXED discount in paisa, answers in rupees, and audits it', async () => {
    const admin = await signedIn();
    const pack = await makePackage('Two attempts');
    const res = await call(
      admin.token,
      'POST',
      '/api/admin/promoCode/create/',
      validBody({
        code: ' eid-150 ',
        discountType: 'FIXED',
        discountValue: 150.5,
        validFrom: '2026-12-01T00:00:00.000Z',
        validUntil: '2026-12-31T00:00:00.000Z',
        packageIds: [pack.id],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json<PromoBody>();
    expect(data).toMatchObject({
      code: 'EID-150',
      discountType: 'FIXED',
      discountValue: 150.5,
      maxUses: 100,
      usedCount: 0,
      packageIds: [pack.id],
      packages: [{ _id: pack.id, name: 'Two attempts' }],
      isActive: true,
    });
    const row = await storedPromo(data._id);
    expect(row).toMatchObject({ code: 'EID-150', discountValue: 15050, createdBy: admin.id });
    expect(row.validUntil?.toISOString()).toBe('2026-12-31T00:00:00.000Z');

    const audit = await auditRows('promoCode.create');
    expect(audit).toEqual([
      {
        actorId: admin.id,
        actorType: 'staff',
        targetId: data._id,
        details: expect.objectContaining({ code: 'EID-150', discountValue: 150.5 }),
      },
    ]);
  });

  it('answers 409 for a code that exists in any case', async () => {
    const admin = await signedIn();
    await createPromo(admin.token, { code: 'SUMMER' });
    const res = await call(
      admin.token,
      'POST',
      '/api/admin/promoCode/create/',
      validBody({ code: 'summer' }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'A promo code with this code already exists.' });
    expect(await t.db.selectFrom('promoCodes').select('id').execute()).toHaveLength(1);
  });

  it.each([
    ['a code too short', { code: 'AB' }, 'code'],
    ['a code with other symbols', { code: 'HELLO!' }, 'code'],
    ['a percentage above 100', { discountValue: 101 }, 'discountValue'],
    ['a percentage with decimals', { discountValue: 12.5 }, 'discountValue'],
    ['rupees with three decimals', { discountType: 'FIXED', discountValue: 10.005 }, 'discountValue'],
    ['a zero discount', { discountValue: 0 }, 'discountValue'],
    ['an unknown discount type', { discountType: 'FREE' }, 'discountType'],
    [
      'a window that ends before it starts',
      { validFrom: '2026-12-02T00:00:00Z', validUntil: '2026-12-01T00:00:00Z' },
      'validUntil',
    ],
    ['zero total uses', { maxUses: 0 }, 'maxUses'],
    ['more uses per student than in total', { maxUses: 2, maxUsesPerStudent: 3 }, 'maxUsesPerStudent'],
    ['a package that does not exist', { packageIds: ['00000000-0000-4000-8000-000000000000'] }, 'packageIds'],
  ])('refuses %s with 400 naming the field', async (_what, overrides, field) => {
    const admin = await signedIn();
    const res = await call(admin.token, 'POST', '/api/admin/promoCode/create/', validBody(overrides));
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string> }>();
    expect(Object.keys(body.errors)).toContain(field);
    expect(body.message).toMatch(new RegExp(`^${field}`));
    expect(await t.db.selectFrom('promoCodes').select('id').execute()).toHaveLength(0);
  });
});

describe('GET /api/admin/promoCode/', () => {
  it('lists codes newest first in the list envelope, with package names, searchable by code or description', async () => {
    const admin = await signedIn();
    const pack = await makePackage('Five attempts');
    const first = await createPromo(admin.token, { code: 'SCHOOL-A', description: 'Beaconhouse' });
    const second = await createPromo(admin.token, { code: 'EID', packageIds: [pack.id] });

    const all = await call(admin.token, 'GET', '/api/admin/promoCode/');
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 2, currentPage: 1, totalPages: 1, itemsPerPage: 50 });
    expect(all.json().data.map((p: { _id: string }) => p._id)).toEqual([second._id, first._id]);
    expect(all.json().data[0].packages).toEqual([{ _id: pack.id, name: 'Five attempts' }]);

    const byCode = await call(admin.token, 'GET', '/api/admin/promoCode/?search=eid');
    expect(byCode.json()).toMatchObject({ total: 1, data: [{ code: 'EID' }] });
    const byDescription = await call(admin.token, 'GET', '/api/admin/promoCode/?search=beacon');
    expect(byDescription.json()).toMatchObject({ total: 1, data: [{ code: 'SCHOOL-A' }] });
    const page2 = await call(admin.token, 'GET', '/api/admin/promoCode/?page=2&limit=1');
    expect(page2.json()).toMatchObject({ total: 2, currentPage: 2, totalPages: 2, itemsPerPage: 1 });
    expect(page2.json().data.map((p: { _id: string }) => p._id)).toEqual([first._id]);
  });

  it('lists the packages a code may be limited to', async () => {
    const admin = await signedIn([['promoCode', 'read']]);
    const pack = await makePackage('Starter');
    const res = await call(admin.token, 'GET', '/api/admin/promoCode/packages/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ _id: pack.id, name: 'Starter', isActive: true }] });
  });
});

describe('POST /api/admin/promoCode/update/', () => {
  it('changes the fields sent and audits each change from and to', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const res = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      description: 'Now twenty percent',
      discountValue: 20,
      maxUses: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PromoBody>().data).toMatchObject({
      discountValue: 20,
      maxUses: null,
      code: 'WELCOME-10',
    });
    const [audit] = await auditRows('promoCode.update');
    expect(audit?.details).toEqual({
      code: 'WELCOME-10',
      changes: {
        description: { from: 'Ten percent off for new students', to: 'Now twenty percent' },
        discountValue: { from: 10, to: 20 },
        maxUses: { from: 100, to: null },
      },
    });
  });

  it('converts a switch to FIXED and needs the new value with it', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const withoutValue = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      discountType: 'FIXED',
    });
    expect(withoutValue.statusCode).toBe(400);
    expect(withoutValue.json().errors).toHaveProperty('discountValue');
    const res = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      discountType: 'FIXED',
      discountValue: 250,
    });
    expect(res.statusCode).toBe(200);
    expect((await storedPromo(promo._id)).discountValue).toBe(25_000);
  });

  it('refuses total uses below the uses already taken', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token, { maxUses: 10 });
    await t.db.updateTable('promoCodes').set({ usedCount: 3 }).where('id', '=', promo._id).execute();
    const res = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      maxUses: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errors: { maxUses: 'cannot be below the 3 uses already taken' } });
    expect((await storedPromo(promo._id)).maxUses).toBe(10);
    const ok = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      maxUses: 3,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('answers 409 when renamed to a code that exists, and 404 for an unknown id', async () => {
    const admin = await signedIn();
    await createPromo(admin.token, { code: 'TAKEN' });
    const promo = await createPromo(admin.token, { code: 'MINE' });
    const res = await call(admin.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      code: 'taken',
    });
    expect(res.statusCode).toBe(409);
    const missing = await call(
      admin.token,
      'POST',
      '/api/admin/promoCode/update/?id=00000000-0000-4000-8000-000000000000',
      { description: 'x' },
    );
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/promoCode/status/', () => {
  it('deactivates and reactivates a code, audited', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const off = await call(admin.token, 'POST', `/api/admin/promoCode/status/?id=${promo._id}`, {
      isActive: false,
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<PromoBody>().data.isActive).toBe(false);
    expect((await storedPromo(promo._id)).isActive).toBe(false);
    expect(await auditRows('promoCode.deactivate')).toHaveLength(1);
    await call(admin.token, 'POST', `/api/admin/promoCode/status/?id=${promo._id}`, { isActive: true });
    expect(await auditRows('promoCode.activate')).toHaveLength(1);
  });
});

describe('DELETE /api/admin/promoCode/delete/', () => {
  it('deletes a code that was never used, audited', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const res = await call(admin.token, 'DELETE', `/api/admin/promoCode/delete/?id=${promo._id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('promoCodes').select('id').execute()).toHaveLength(0);
    expect(await auditRows('promoCode.delete')).toMatchObject([{ targetId: promo._id }]);
  });

  it('refuses with 409 once a use was counted', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    await t.db.updateTable('promoCodes').set({ usedCount: 1 }).where('id', '=', promo._id).execute();
    const res = await call(admin.token, 'DELETE', `/api/admin/promoCode/delete/?id=${promo._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This promo code has been used; deactivate it instead.' });
    expect(await t.db.selectFrom('promoCodes').select('id').execute()).toHaveLength(1);
  });

  it('refuses with 409 when a payment names the code, even a failed one', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const pack = await makePackage('Two attempts', 1000);
    const student = await makeStudent(t.db, { fullName: 'Test Student' });
    await t.db
      .insertInto('payments')
      .values({
        orderRef: 'ORDER12345',
        studentId: student.id,
        packageId: pack.id,
        promoCodeId: promo._id,
        gateway: 'sandbox',
        listPricePaisa: 1000,
        discountPaisa: 100,
        amountPaisa: 900,
        attempts: 2,
        status: 'FAILED',
      })
      .execute();
    const res = await call(admin.token, 'DELETE', `/api/admin/promoCode/delete/?id=${promo._id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This promo code has been used; deactivate it instead.');
    expect(await auditRows('promoCode.delete')).toHaveLength(0);
  });
});

describe('promo code permissions', () => {
  it('lets a read-only staff member list but not create, change or delete', async () => {
    const admin = await signedIn();
    const promo = await createPromo(admin.token);
    const reader = await signedIn([['promoCode', 'read']]);
    expect((await call(reader.token, 'GET', '/api/admin/promoCode/')).statusCode).toBe(200);
    const create = await call(
      reader.token,
      'POST',
      '/api/admin/promoCode/create/',
      validBody({ code: 'NEW' }),
    );
    expect(create.statusCode).toBe(403);
    const update = await call(reader.token, 'POST', `/api/admin/promoCode/update/?id=${promo._id}`, {
      description: 'x',
    });
    expect(update.statusCode).toBe(403);
    const status = await call(reader.token, 'POST', `/api/admin/promoCode/status/?id=${promo._id}`, {
      isActive: false,
    });
    expect(status.statusCode).toBe(403);
    const remove = await call(reader.token, 'DELETE', `/api/admin/promoCode/delete/?id=${promo._id}`);
    expect(remove.statusCode).toBe(403);
    expect(await storedPromo(promo._id)).toMatchObject({ isActive: true, description: promo.description });
  });

  it('answers 403 to staff without promoCode:read and 401 without a token', async () => {
    const other = await signedIn([['code', 'read']]);
    expect((await call(other.token, 'GET', '/api/admin/promoCode/')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/promoCode/' })).statusCode).toBe(401);
  });

  it('lets staff with promoCode:create add a code without delete rights', async () => {
    const creator = await signedIn([
      ['promoCode', 'read'],
      ['promoCode', 'create'],
    ]);
    const promo = await createPromo(creator.token);
    const remove = await call(creator.token, 'DELETE', `/api/admin/promoCode/delete/?id=${promo._id}`);
    expect(remove.statusCode).toBe(403);
  });
});
