import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- One row per payment gateway module (the api's registry names them): whether it is on, its plain
    -- settings, and its secrets, each AES-GCM encrypted with ENCRYPTION_KEY (never returned in full).
    CREATE TABLE payment_gateway_settings (
      gateway text PRIMARY KEY CHECK (gateway ~ '^[a-z][a-z0-9-]{1,19}$' AND gateway <> 'free'),
      enabled boolean NOT NULL DEFAULT false,
      settings jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(settings) = 'object'),
      secrets jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(secrets) = 'object'),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    INSERT INTO payment_gateway_settings (gateway, enabled, settings, secrets, updated_by, updated_at)
    SELECT 'jazzcash', jazzcash_enabled,
      jsonb_build_object('merchantId', jazzcash_merchant_id, 'baseUrl', jazzcash_base_url),
      jsonb_strip_nulls(jsonb_build_object(
        'password', jazzcash_password_encrypted, 'integritySalt', jazzcash_salt_encrypted)),
      updated_by, updated_at
    FROM payment_settings;

    INSERT INTO payment_gateway_settings (gateway, enabled, updated_by, updated_at)
    SELECT 'sandbox', sandbox_enabled, updated_by, updated_at FROM payment_settings;

    DROP TABLE payment_settings;

    -- Which gateways exist is the registry's business now: a new module needs no migration.
    ALTER TABLE payments DROP CONSTRAINT payments_gateway_check;
    ALTER TABLE payments ADD CONSTRAINT payments_gateway_check CHECK (gateway ~ '^[a-z][a-z0-9-]{1,19}$');
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE payments DROP CONSTRAINT payments_gateway_check;
    ALTER TABLE payments ADD CONSTRAINT payments_gateway_check
      CHECK (gateway IN ('jazzcash', 'sandbox', 'free'));

    CREATE TABLE payment_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      sandbox_enabled boolean NOT NULL DEFAULT false,
      jazzcash_enabled boolean NOT NULL DEFAULT false,
      jazzcash_merchant_id text NOT NULL DEFAULT '' CHECK (length(jazzcash_merchant_id) <= 40),
      jazzcash_password_encrypted text,
      jazzcash_salt_encrypted text,
      jazzcash_base_url text NOT NULL DEFAULT 'https://sandbox.jazzcash.com.pk'
        CHECK (jazzcash_base_url ~ '^https?://[^\\s]+$'),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    INSERT INTO payment_settings (id, sandbox_enabled, jazzcash_enabled, jazzcash_merchant_id,
      jazzcash_password_encrypted, jazzcash_salt_encrypted, jazzcash_base_url, updated_by, updated_at)
    SELECT 1,
      coalesce(bool_or(enabled) FILTER (WHERE gateway = 'sandbox'), false),
      coalesce(bool_or(enabled) FILTER (WHERE gateway = 'jazzcash'), false),
      coalesce(max(settings ->> 'merchantId') FILTER (WHERE gateway = 'jazzcash'), ''),
      max(secrets ->> 'password') FILTER (WHERE gateway = 'jazzcash'),
      max(secrets ->> 'integritySalt') FILTER (WHERE gateway = 'jazzcash'),
      coalesce(max(settings ->> 'baseUrl') FILTER (WHERE gateway = 'jazzcash'),
        'https://sandbox.jazzcash.com.pk'),
      (array_agg(updated_by ORDER BY updated_at DESC))[1],
      max(updated_at)
    FROM payment_gateway_settings
    HAVING count(*) > 0;

    DROP TABLE payment_gateway_settings;
  `.execute(db);
}
