import type { Action } from '@riyazi/api/contracts';
import { decryptSecret } from '@riyazi/api/secret-box';
import { describe, expect, it } from 'vitest';
import { bearer, signedInStaff, useTestContext } from '../../test/helpers.js';
import { loadGatewaySettings } from '../src/modules/payment-config/payment-config.service.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const PASSWORD = 'Jc-pass-0734';
const SALT = 'salt9x2k18';

async function tokenFor(actions: Action[]) {
  return signedInStaff(t, {
    permissions: actions.map((action) => ['paymentConfigurations', action]),
  });
}

const detail = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/paymentConfig/detail/',
    headers: bearer(token),
  });

const save = (token: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/paymentConfig/create/',
    headers: bearer(token),
    payload,
  });

const jazzcash = (changes: Record<string, unknown> = {}, enabled = true) => ({
  gateways: {
    sandbox: { enabled: true },
    jazzcash: {
      enabled,
      settings: Object.fromEntries(
        Object.entries({
          merchantId: 'MC12345',
          baseUrl: 'https://sandbox.jazzcash.com.pk/',
          password: PASSWORD,
          integritySalt: SALT,
          ...changes,
        }).filter(([, v]) => v !== undefined),
      ),
    },
  },
});

const storedRow = (gateway = 'jazzcash') =>
  t.db
    .selectFrom('paymentGatewaySettings')
    .selectAll()
    .where('gateway', '=', gateway)
    .executeTakeFirstOrThrow();
const storedSecrets = async () => (await storedRow()).secrets as Record<string, string>;

type View = {
  gateways: {
    id: string;
    enabled: boolean;
    available: boolean;
    settings: { name: string; value: string; storedHint: string | null }[];
  }[];
  updatedAt: string | null;
};
const gatewayOf = (view: View, id: string) => view.gateways.find((g) => g.id === id);
/** name → value for plain settings, name → storedHint for secrets. */
const valuesOf = (view: View, id: string) =>
  Object.fromEntries((gatewayOf(view, id)?.settings ?? []).map((s) => [s.name, s.storedHint ?? s.value]));

describe('GET /api/admin/paymentConfig/detail/', () => {
  it('describes every registered gateway with its settings, all off and nothing stored before a save', async () => {
    const { token } = await tokenFor(['read']);
    const res = await detail(token);
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: View }>().data;
    expect(data.updatedAt).toBeNull();
    expect(data.gateways.map((g) => [g.id, g.enabled, g.available])).toEqual([
      ['jazzcash', false, true],
      ['sandbox', false, true],
    ]);
    expect(gatewayOf(data, 'jazzcash')).toMatchObject({
      label: 'JazzCash',
      settings: [
        {
          name: 'merchantId',
          label: 'Merchant ID',
          kind: 'text',
          requiredToEnable: true,
          maxLength: 40,
          pattern: { source: '^[A-Za-z0-9_-]*$', message: 'may hold only letters, digits, - and _' },
          value: '',
          storedHint: null,
        },
        { name: 'baseUrl', kind: 'url', value: 'https://sandbox.jazzcash.com.pk', storedHint: null },
        { name: 'password', kind: 'secret', value: '', storedHint: null },
        { name: 'integritySalt', kind: 'secret', value: '', storedHint: null },
      ],
    });
    expect(gatewayOf(data, 'sandbox')).toMatchObject({ settings: [], warning: expect.any(String) });
  });
});

describe('POST /api/admin/paymentConfig/create/', () => {
  it('saves the settings and never returns the secrets, only their last two characters', async () => {
    const admin = await tokenFor(['read', 'update']);
    const res = await save(admin.token, jazzcash());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toContain(SALT);
    const data = res.json<{ message: string; data: View }>();
    expect(data.message).toBe('Payment settings saved');
    expect(gatewayOf(data.data, 'jazzcash')?.enabled).toBe(true);
    expect(gatewayOf(data.data, 'sandbox')?.enabled).toBe(true);
    expect(valuesOf(data.data, 'jazzcash')).toEqual({
      merchantId: 'MC12345',
      baseUrl: 'https://sandbox.jazzcash.com.pk',
      password: '••••••34',
      integritySalt: '••••••18',
    });
    expect(data.data.updatedAt).toEqual(expect.any(String));

    const read = await detail(admin.token);
    expect(read.body).not.toContain(PASSWORD);
    expect(read.body).not.toContain(SALT);
    expect(read.json<{ data: View }>().data).toEqual(data.data);
  });

  it('stores the secrets encrypted, not as plain text', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const row = await storedRow();
    const secrets = await storedSecrets();
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain(SALT);
    expect(decryptSecret(secrets.password ?? '', t.config.ENCRYPTION_KEY)).toBe(PASSWORD);
    expect(decryptSecret(secrets.integritySalt ?? '', t.config.ENCRYPTION_KEY)).toBe(SALT);
    expect(row.settings).toEqual({ merchantId: 'MC12345', baseUrl: 'https://sandbox.jazzcash.com.pk' });
    expect(row.updatedBy).toBe(admin.id);
  });

  it('keeps the stored password and salt when they are left blank or left out', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const before = await storedSecrets();

    const blank = await save(
      admin.token,
      jazzcash({ merchantId: 'MC99999', password: '', integritySalt: '  ' }),
    );
    expect(blank.statusCode).toBe(200);
    const missing = await save(admin.token, {
      gateways: {
        sandbox: { enabled: false },
        jazzcash: {
          enabled: true,
          settings: { merchantId: 'MC99999', baseUrl: 'https://payments.jazzcash.com.pk' },
        },
      },
    });
    expect(missing.statusCode).toBe(200);
    expect(valuesOf(missing.json<{ data: View }>().data, 'jazzcash')).toMatchObject({
      password: '••••••34',
      integritySalt: '••••••18',
    });
    expect(await storedSecrets()).toEqual(before);
    expect((await storedRow()).settings).toMatchObject({ merchantId: 'MC99999' });
    expect((await storedRow('sandbox')).enabled).toBe(false);
  });

  it('leaves a gateway that is not in the body as it is', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const res = await save(admin.token, { gateways: { sandbox: { enabled: false } } });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: View }>().data;
    expect(gatewayOf(data, 'jazzcash')?.enabled).toBe(true);
    expect(valuesOf(data, 'jazzcash').merchantId).toBe('MC12345');
  });

  it('replaces a secret when a new one is typed', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    const res = await save(admin.token, jazzcash({ password: 'another-pass-56', integritySalt: undefined }));
    expect(valuesOf(res.json<{ data: View }>().data, 'jazzcash')).toMatchObject({
      password: '••••••56',
      integritySalt: '••••••18',
    });
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
    expect(await t.db.selectFrom('paymentGatewaySettings').selectAll().execute()).toEqual([]);

    const noSalt = await save(admin.token, jazzcash({ integritySalt: undefined }));
    expect(noSalt.statusCode).toBe(400);
    expect(noSalt.json().message).toBe('jazzcash.integritySalt: is required to turn JazzCash on');
  });

  it('saves JazzCash switched off with nothing filled in', async () => {
    const admin = await tokenFor(['update']);
    const res = await save(admin.token, {
      gateways: {
        sandbox: { enabled: true },
        jazzcash: {
          enabled: false,
          settings: { merchantId: '', baseUrl: 'https://sandbox.jazzcash.com.pk' },
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json<{ data: View }>().data;
    expect(gatewayOf(data, 'jazzcash')?.enabled).toBe(false);
    expect(valuesOf(data, 'jazzcash').password).toBe('');
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
    expect(valuesOf(local.json<{ data: View }>().data, 'jazzcash').baseUrl).toBe('http://127.0.0.1:4010');
  });

  it('refuses unknown gateways, unknown settings and malformed values with a 400 naming them', async () => {
    const admin = await tokenFor(['update']);
    const cases: [object, string][] = [
      [{ gateways: { paypal: { enabled: true } } }, 'paypal: is not a payment gateway'],
      [
        { gateways: { jazzcash: { enabled: false, settings: { apiKey: 'x' } } } },
        'jazzcash.apiKey: is not a setting of JazzCash',
      ],
      [
        { gateways: { jazzcash: { enabled: false, settings: { merchantId: 'MC 1' } } } },
        'jazzcash.merchantId: may hold only letters, digits, - and _',
      ],
      [
        { gateways: { jazzcash: { enabled: false, settings: { password: 'x'.repeat(129) } } } },
        'jazzcash.password: must be at most 128 characters',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await save(admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    for (const body of [{}, { gateways: { 'Bad Id': { enabled: true } } }, { gateways: { sandbox: {} } }]) {
      const res = await save(admin.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect(await t.db.selectFrom('paymentGatewaySettings').selectAll().execute()).toEqual([]);
  });

  it('lets read-only staff read the settings but not save them', async () => {
    const reader = await tokenFor(['read']);
    const res = await save(reader.token, jazzcash());
    expect(res.statusCode).toBe(403);
    expect(await t.db.selectFrom('paymentGatewaySettings').selectAll().execute()).toEqual([]);
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
    expect(serialized).not.toContain((await storedSecrets()).password ?? '-');
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      targetType: 'paymentGatewaySettings',
      details: {
        secretsChanged: ['jazzcash.password', 'jazzcash.integritySalt'],
        changes: {
          'sandbox.enabled': { from: false, to: true },
          'jazzcash.enabled': { from: false, to: true },
          'jazzcash.merchantId': { from: '', to: 'MC12345' },
        },
      },
    });
    expect(rows[1]?.details).toEqual({
      secretsChanged: [],
      changes: { 'jazzcash.merchantId': { from: 'MC12345', to: 'MC77777' } },
    });
  });
});

describe('loadGatewaySettings', () => {
  it('gives the payments service the decrypted JazzCash settings when JazzCash is on', async () => {
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash({ baseUrl: 'http://localhost:4010' }));
    const stored = await loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY);
    expect(stored.get('jazzcash')).toEqual({
      enabled: true,
      values: {
        merchantId: 'MC12345',
        password: PASSWORD,
        integritySalt: SALT,
        baseUrl: 'http://localhost:4010',
      },
    });
    expect(stored.get('sandbox')).toEqual({ enabled: true, values: {} });
  });

  it('decrypts no secrets of a gateway that is off, and has nothing before anything is saved', async () => {
    expect((await loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY)).size).toBe(0);
    const admin = await tokenFor(['update']);
    await save(admin.token, jazzcash());
    await save(admin.token, jazzcash({}, false));
    const stored = await loadGatewaySettings(t.db, t.config.ENCRYPTION_KEY);
    expect(stored.get('jazzcash')).toEqual({
      enabled: false,
      values: { merchantId: 'MC12345', baseUrl: 'https://sandbox.jazzcash.com.pk' },
    });
  });
});
