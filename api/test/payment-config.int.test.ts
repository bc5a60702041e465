import type { Action } from '@riyazi/api/contracts';
import { decryptSecret } from '@riyazi/api/secret-box';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';
import { loadGatewaySettings } from '../src/modules/payment-config/payment-config.service.js';

const t = useTestContext({ resetEachTest: true });
beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
});

const PASSWORD = 'Jc-pass-0734';
const SALT = 'salt9x2k18';

async function tokenFor(actions: Action[]) {
  const staff = await makeStaff(t.db, {
    permissions: actions.map((action) => ['paymentConfigurations', action]),
  });
  return { ...staff, token: (await loginStaff(t.app, staff)).accessToken };
}

const detail = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/paymentConfig/detail/',
    headers: { authorization: `Bearer ${token}` },
  });

const save = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/paymentConfig/create/',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

const jazzcash = (changes: Record<string, unknown> = {}) => ({
  sandboxEnabled: true,
  jazzcash: {
    enabled: true,
    merchantId: 'MC12345',
    baseUrl: 'https://sandbox.jazzcash.com.pk/',
    password: PASSWORD,
    integritySalt: SALT,
    ...changes,
  },
});

const storedRow = () => t.db.selectFrom('paymentSettings').selectAll().executeTakeFirstOrThrow();

describe('GET /api/admin/paymentConfig/detail/', () => {
  it('answers the defaults before anything is saved: both gateways off, nothing stored', async () => {
    const { token } = await tokenFor(['read']);
    const res = await detail(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        sandboxEnabled: false,
        jazzcash: {
          enabled: false,
          merchantId: '',
          baseUrl: 'https://sandbox.jazzcash.com.pk',
          passwordSet: false,
          saltSet: false,
          passwordHint: null,
          saltHint: null,
        },
        updatedAt: null,
      },
    });
  });
});

describe('POST /api/admin/paymentConfig/create/', () => {
  it('saves the settings and never returns the secrets, only their last two characters', async () => {
    const admin = await tokenFor(['read', 'update']);
    const res = await save(admin.token, jazzcash());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain(SALT);
    expect(res.json()).toMatchObject({
      message: 'Payment settings saved',
      data: {
        sandboxEnabled: true,
        jazzcash: {
          enabled: true,
          merchantId: 'MC12345',
          baseUrl: 'https://sandbox.jazzcash.com.pk',
          passwordSet: true,
          saltSet: true,
          passwordHint: '••••••34',
          saltHint: '••••••18',
        },
      },
    });

    const read = await detail(admin.token);
    expect(read.body).not.toContain(PASSWORD);
    expect(read.body).not.toContain(SALT);
    expect(read.json().data).toEqual(res.json().data);
  });

  it('stores the secrets encrypted, not as plain text', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const row = await storedRow();
    expect(row.jazzcashPasswordEncrypted).not.toBe(PASSWORD);
    expect(row.jazzcashPasswordEncrypted).not.toContain(PASSWORD);
    expect(row.jazzcashSaltEncrypted).not.toContain(SALT);
    expect(decryptSecret(row.jazzcashPasswordEncrypted ?? '', t.config.ENCRYPTION_KEY)).toBe(PASSWORD);
    expect(decryptSecret(row.jazzcashSaltEncrypted ?? '', t.config.ENCRYPTION_KEY)).toBe(SALT);
    expect(row.updatedBy).toBe(admin.id);
  });

  it('keeps the stored password and salt when they are left blank or left out', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const before = await storedRow();

    const blank = await save(
      admin.token,
      jazzcash({ merchantId: 'MC99999', password: '', integritySalt: '  ' }),
    );
    expect(blank.statusCode).toBe(200);
    const missing = await save(admin.token, {
      sandboxEnabled: false,
      jazzcash: { enabled: true, merchantId: 'MC99999', baseUrl: 'https://payments.jazzcash.com.pk' },
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json().data.jazzcash).toMatchObject({ passwordHint: '••••••34', saltHint: '••••••18' });

    const after = await storedRow();
    expect(after.jazzcashPasswordEncrypted).toBe(before.jazzcashPasswordEncrypted);
    expect(after.jazzcashSaltEncrypted).toBe(before.jazzcashSaltEncrypted);
    expect(after).toMatchObject({ jazzcashMerchantId: 'MC99999', sandboxEnabled: false });
  });

  it('replaces a secret when a new one is typed', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const res = await save(admin.token, jazzcash({ password: 'another-pass-56', integritySalt: undefined }));
    expect(res.json().data.jazzcash).toMatchObject({ passwordHint: '••••••56', saltHint: '••••••18' });
  });

  it('refuses to turn JazzCash on without a merchant id, a password and a salt, naming each field', async () => {
    const admin = await tokenFor(['update']);
    const res = await save(admin.token, jazzcash({ merchantId: '', password: undefined, integritySalt: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'jazzcash.merchantId: is required to turn JazzCash on',
      errors: {
        'jazzcash.merchantId': 'is required to turn JazzCash on',
        'jazzcash.password': 'is required to turn JazzCash on',
        'jazzcash.integritySalt': 'is required to turn JazzCash on',
      },
    });
    expect(await t.db.selectFrom('paymentSettings').selectAll().execute()).toEqual([]);

    const noSalt = await save(admin.token, jazzcash({ integritySalt: undefined }));
    expect(noSalt.statusCode).toBe(400);
    expect(noSalt.json().message).toBe('jazzcash.integritySalt: is required to turn JazzCash on');
  });

  it('saves JazzCash switched off with nothing filled in', async () => {
    const admin = await tokenFor(['update']);
    const res = await save(admin.token, {
      sandboxEnabled: true,
      jazzcash: { enabled: false, merchantId: '', baseUrl: 'https://sandbox.jazzcash.com.pk' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.jazzcash).toMatchObject({
      enabled: false,
      passwordSet: false,
      passwordHint: null,
    });
  });

  it('accepts https, and http only on this machine', async () => {
    const admin = await tokenFor(['update']);
    const http = await save(admin.token, jazzcash({ baseUrl: 'http://sandbox.jazzcash.com.pk' }));
    expect(http.statusCode).toBe(400);
    expect(http.json().errors).toEqual({
      'jazzcash.baseUrl': 'must start with https:// (http:// only for localhost)',
    });
    const notUrl = await save(admin.token, jazzcash({ baseUrl: 'sandbox.jazzcash.com.pk' }));
    expect(notUrl.statusCode).toBe(400);
    expect(notUrl.json().message).toMatch(/^jazzcash\.baseUrl: /);

    const local = await save(admin.token, jazzcash({ baseUrl: 'http://127.0.0.1:4010/' }));
    expect(local.statusCode).toBe(200);
    expect(local.json().data.jazzcash.baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('lets read-only staff read the settings but not save them', async () => {
    const reader = await tokenFor(['read']);
    const res = await save(reader.token, jazzcash());
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('paymentSettings').selectAll().execute()).toEqual([]);
    expect((await detail(reader.token)).statusCode).toBe(200);

    const stranger = await tokenFor([]);
    expect((await detail(stranger.token)).statusCode).toBe(403);
  });

  it('audits each save with what changed, never the secrets', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    await save(admin.token, jazzcash({ merchantId: 'MC77777', password: '', integritySalt: '' }));
    const rows = await t.db
      .selectFrom('auditLog')
      .select(['actorId', 'targetType', 'details'])
      .where('action', '=', 'paymentConfig.update')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(2);
    const serialized = JSON.stringify(rows);
    expect(serialized).not.toContain(PASSWORD);
    expect(serialized).not.toContain(SALT);
    const stored = await storedRow();
    expect(serialized).not.toContain(stored.jazzcashPasswordEncrypted ?? '-');
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'paymentSettings',
      details: {
        passwordChanged: true,
        saltChanged: true,
        changes: {
          sandboxEnabled: { from: false, to: true },
          jazzcashEnabled: { from: false, to: true },
          jazzcashMerchantId: { from: '', to: 'MC12345' },
        },
      },
    });
    expect(rows[1]?.details).toEqual({
      passwordChanged: false,
      saltChanged: false,
      changes: { jazzcashMerchantId: { from: 'MC12345', to: 'MC77777' } },
    });
  });
});

describe('loadGatewaySettings', () => {
  it('gives the payments service the decrypted JazzCash credentials when JazzCash is on', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash({ baseUrl: 'http://localhost:4010' }));
    await expect(loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY)).resolves.toEqual({
      sandboxEnabled: true,
      jazzcash: {
        enabled: true,
        merchantId: 'MC12345',
        password: PASSWORD,
        integritySalt: SALT,
        baseUrl: 'http://localhost:4010',
      },
    });
  });

  it('gives no JazzCash credentials while JazzCash is off, or before anything is saved', async () => {
    await expect(loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY)).resolves.toEqual({
      sandboxEnabled: false,
      jazzcash: null,
    });
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    await save(admin.token, jazzcash({ enabled: false }));
    await expect(loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY)).resolves.toEqual({
      sandboxEnabled: true,
      jazzcash: null,
    });
  });
});
