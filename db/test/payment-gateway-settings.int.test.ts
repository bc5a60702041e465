import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { type Migration, Migrator, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabaseWhenFree } from '../../test/databases.js';
import { createDb, type Db } from '../src/index.js';
import { migrationsDir } from '../src/migrate.js';

const ADMIN_URL = process.env.TEST_ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const MIGRATION = '202611251210_payment_gateway_settings';

const dbName = `riyazi_test_migration_${randomBytes(4).toString('hex')}`;
let db: Db;
let migrator: Migrator;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  db = createDb({ connectionString: url.toString(), max: 1 });
  migrator = new Migrator({
    db,
    provider: {
      async getMigrations() {
        const files = (await fs.readdir(migrationsDir))
          .filter((f) => /^\d{12}_[a-z0-9_]+\.ts$/.test(f))
          .sort();
        const migrations: Record<string, Migration> = {};
        for (const file of files) {
          migrations[file.replace(/\.ts$/, '')] = (await import(path.join(migrationsDir, file))) as Migration;
        }
        return migrations;
      },
    },
  });
  const names = (await migrator.getMigrations()).map((m) => m.name);
  const before = names[names.indexOf(MIGRATION) - 1];
  if (before === undefined) {
    throw new Error(`no migration before ${MIGRATION}`);
  }
  const { error } = await migrator.migrateTo(before);
  if (error) {
    throw error;
  }
}, 60_000);

afterAll(async () => {
  await db?.destroy();
  await dropDatabaseWhenFree(ADMIN_URL, dbName);
});

describe(MIGRATION, () => {
  it('carries the JazzCash and sandbox settings over to one row per gateway, and back', async () => {
    await sql`
      INSERT INTO payment_settings (id, sandbox_enabled, jazzcash_enabled, jazzcash_merchant_id,
        jazzcash_password_encrypted, jazzcash_salt_encrypted, jazzcash_base_url)
      VALUES (1, true, true, 'MC12345', 'v1.box-password', 'v1.box-salt', 'https://payments.jazzcash.com.pk')
    `.execute(db);
    const up = await migrator.migrateTo(MIGRATION);
    expect(up.error).toBeUndefined();

    const rows = await sql<{ gateway: string; enabled: boolean; settings: unknown; secrets: unknown }>`
      SELECT gateway, enabled, settings, secrets FROM payment_gateway_settings ORDER BY gateway
    `.execute(db);
    expect(rows.rows).toEqual([
      {
        gateway: 'jazzcash',
        enabled: true,
        settings: { merchantId: 'MC12345', baseUrl: 'https://payments.jazzcash.com.pk' },
        secrets: { password: 'v1.box-password', integritySalt: 'v1.box-salt' },
      },
      { gateway: 'sandbox', enabled: true, settings: {}, secrets: {} },
    ]);
    // A payment may now name a gateway added later; the format is still checked.
    const student = await sql<{ id: string }>`
      INSERT INTO students (full_name, email, password_hash) VALUES ('M', 'm@example.com', 'x') RETURNING id
    `.execute(db);
    const pkg = await sql<{ id: string }>`
      INSERT INTO payment_packages (name, attempts, price_paisa) VALUES ('P', 1, 100) RETURNING id
    `.execute(db);
    const payment = (gateway: string) => sql`
      INSERT INTO payments (order_ref, student_id, package_id, gateway, list_price_paisa, amount_paisa, attempts)
      VALUES (${`RZ${randomBytes(4).toString('hex').toUpperCase()}`}, ${student.rows[0]?.id},
        ${pkg.rows[0]?.id}, ${gateway}, 100, 100, 1)
    `;
    await payment('easypaisa').execute(db);
    await expect(payment('Not A Gateway').execute(db)).rejects.toThrow(/payments_gateway_check/);
    await sql`DELETE FROM payments`.execute(db);

    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    const back = await sql`
      SELECT sandbox_enabled, jazzcash_enabled, jazzcash_merchant_id, jazzcash_password_encrypted,
        jazzcash_salt_encrypted, jazzcash_base_url FROM payment_settings
    `.execute(db);
    expect(back.rows).toEqual([
      {
        sandboxEnabled: true,
        jazzcashEnabled: true,
        jazzcashMerchantId: 'MC12345',
        jazzcashPasswordEncrypted: 'v1.box-password',
        jazzcashSaltEncrypted: 'v1.box-salt',
        jazzcashBaseUrl: 'https://payments.jazzcash.com.pk',
      },
    ]);
  });

  it('creates no rows when nothing was saved before', async () => {
    await sql`DELETE FROM payment_settings`.execute(db);
    expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
    const rows = await sql`SELECT gateway FROM payment_gateway_settings`.execute(db);
    expect(rows.rows).toEqual([]);
  });
});
