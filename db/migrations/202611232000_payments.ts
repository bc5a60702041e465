import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What is sold: a package grants contest attempts (for one phase, or any when phase_id is null).
    -- Money is integer paisa everywhere (1 PKR = 100 paisa): JazzCash's pp_Amount is paisa too.
    CREATE TABLE payment_packages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 300),
      attempts integer NOT NULL CHECK (attempts BETWEEN 1 AND 20),
      phase_id uuid REFERENCES phases (id) ON DELETE RESTRICT,
      price_paisa integer NOT NULL CHECK (price_paisa BETWEEN 100 AND 10000000),
      is_active boolean NOT NULL DEFAULT true,
      position integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    -- Which gateways are on and their credentials (secrets encrypted with ENCRYPTION_KEY; never
    -- returned in full). One row.
    CREATE TABLE payment_settings (
      id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
      sandbox_enabled boolean NOT NULL DEFAULT false,
      jazzcash_enabled boolean NOT NULL DEFAULT false,
      jazzcash_merchant_id text NOT NULL DEFAULT '' CHECK (length(jazzcash_merchant_id) <= 40),
      jazzcash_password_encrypted text,
      jazzcash_salt_encrypted text,
      -- Base URL of the JazzCash environment (sandbox or production); tests point it at a fake.
      jazzcash_base_url text NOT NULL DEFAULT 'https://sandbox.jazzcash.com.pk'
        CHECK (jazzcash_base_url ~ '^https?://[^\\s]+$'),
      updated_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE promo_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      code text NOT NULL CHECK (code ~ '^[A-Z0-9-]{3,32}$'),
      description text NOT NULL DEFAULT '' CHECK (length(description) <= 200),
      discount_type text NOT NULL CHECK (discount_type IN ('PERCENT', 'FIXED')),
      -- PERCENT: 1..100; FIXED: paisa off the price.
      discount_value integer NOT NULL CHECK (discount_value >= 1),
      valid_from timestamptz,
      valid_until timestamptz,
      max_uses integer CHECK (max_uses >= 1),
      max_uses_per_student integer NOT NULL DEFAULT 1 CHECK (max_uses_per_student >= 1),
      -- Uses taken, including those held by a payment still pending (released if it fails).
      used_count integer NOT NULL DEFAULT 0 CHECK (used_count >= 0),
      -- Empty: every package.
      package_ids uuid[] NOT NULL DEFAULT '{}',
      is_active boolean NOT NULL DEFAULT true,
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (discount_type = 'FIXED' OR discount_value <= 100),
      CHECK (valid_until IS NULL OR valid_from IS NULL OR valid_until > valid_from),
      CHECK (max_uses IS NULL OR used_count <= max_uses)
    );
    CREATE UNIQUE INDEX promo_codes_code_key ON promo_codes (code);

    -- Prepaid access codes, made in labelled batches (a school, a sponsor).
    CREATE TABLE access_code_batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      label text NOT NULL CHECK (length(btrim(label)) BETWEEN 1 AND 120),
      attempts integer NOT NULL CHECK (attempts BETWEEN 1 AND 20),
      phase_id uuid REFERENCES phases (id) ON DELETE RESTRICT,
      code_count integer NOT NULL CHECK (code_count BETWEEN 1 AND 5000),
      valid_until timestamptz,
      revoked_at timestamptz,
      created_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE access_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      batch_id uuid NOT NULL REFERENCES access_code_batches (id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$'),
      redeemed_by uuid REFERENCES students (id) ON DELETE SET NULL,
      redeemed_at timestamptz,
      revoked_at timestamptz,
      CHECK ((redeemed_by IS NULL) OR (redeemed_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX access_codes_code_key ON access_codes (code);
    CREATE INDEX access_codes_batch_idx ON access_codes (batch_id);
    CREATE INDEX access_codes_redeemed_by_idx ON access_codes (redeemed_by) WHERE redeemed_by IS NOT NULL;

    -- One row per checkout. order_ref is our order id (JazzCash pp_TxnRefNo); the gateway's own
    -- reference is unique per gateway, so a replayed callback finds the row it already credited.
    CREATE TABLE payments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_ref text NOT NULL CHECK (order_ref ~ '^[A-Z0-9]{6,20}$'),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE RESTRICT,
      package_id uuid NOT NULL REFERENCES payment_packages (id) ON DELETE RESTRICT,
      promo_code_id uuid REFERENCES promo_codes (id) ON DELETE RESTRICT,
      gateway text NOT NULL CHECK (gateway IN ('jazzcash', 'sandbox', 'free')),
      list_price_paisa integer NOT NULL CHECK (list_price_paisa >= 0),
      discount_paisa integer NOT NULL DEFAULT 0 CHECK (discount_paisa >= 0),
      amount_paisa integer NOT NULL CHECK (amount_paisa >= 0),
      currency text NOT NULL DEFAULT 'PKR' CHECK (currency = 'PKR'),
      attempts integer NOT NULL CHECK (attempts >= 1),
      phase_id uuid REFERENCES phases (id) ON DELETE RESTRICT,
      status text NOT NULL DEFAULT 'PENDING'
        CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED')),
      gateway_ref text CHECK (length(gateway_ref) <= 64),
      response_code text CHECK (length(response_code) <= 16),
      response_message text CHECK (length(response_message) <= 300),
      inquiry_count integer NOT NULL DEFAULT 0,
      last_inquiry_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      paid_at timestamptz,
      CHECK (amount_paisa = list_price_paisa - discount_paisa),
      CHECK ((status = 'PAID') = (paid_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX payments_order_ref_key ON payments (order_ref);
    CREATE UNIQUE INDEX payments_gateway_ref_key ON payments (gateway, gateway_ref) WHERE gateway_ref IS NOT NULL;
    CREATE INDEX payments_student_idx ON payments (student_id, created_at DESC);
    CREATE INDEX payments_created_idx ON payments (created_at DESC);
    CREATE INDEX payments_pending_idx ON payments (created_at) WHERE status = 'PENDING';

    -- Promo uses: one row per payment that holds or used a use (released rows are deleted with the
    -- count, so used_count always equals the rows here).
    CREATE TABLE promo_code_uses (
      payment_id uuid PRIMARY KEY REFERENCES payments (id) ON DELETE CASCADE,
      promo_code_id uuid NOT NULL REFERENCES promo_codes (id) ON DELETE RESTRICT,
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX promo_code_uses_student_idx ON promo_code_uses (promo_code_id, student_id);

    -- The trail of every message about a payment (checkout, callback, return, inquiry): what an
    -- admin needs to act on a failure, never secrets: the raw payload is kept only as a hash.
    CREATE TABLE payment_logs (
      id bigserial PRIMARY KEY,
      payment_id uuid REFERENCES payments (id) ON DELETE SET NULL,
      order_ref text CHECK (length(order_ref) <= 64),
      at timestamptz NOT NULL DEFAULT now(),
      kind text NOT NULL CHECK (kind IN ('CHECKOUT', 'CALLBACK', 'RETURN', 'INQUIRY', 'EXPIRY')),
      gateway text NOT NULL CHECK (length(gateway) <= 20),
      gateway_ref text CHECK (length(gateway_ref) <= 64),
      response_code text CHECK (length(response_code) <= 16),
      response_message text CHECK (length(response_message) <= 300),
      expected_amount_paisa integer,
      received_amount_paisa integer,
      expected_currency text,
      received_currency text,
      signature_valid boolean,
      attempt_no integer NOT NULL DEFAULT 1,
      source_ip text CHECK (length(source_ip) <= 64),
      payload_sha256 text CHECK (payload_sha256 ~ '^[0-9a-f]{64}$'),
      -- CREDITED, DUPLICATE, REJECTED (bad signature), SUSPICIOUS (signed, wrong amount or currency),
      -- FAILED (the gateway declined), PENDING (not settled yet), EXPIRED, STARTED.
      outcome text NOT NULL CHECK (outcome IN
        ('STARTED', 'CREDITED', 'DUPLICATE', 'REJECTED', 'SUSPICIOUS', 'FAILED', 'PENDING', 'EXPIRED'))
    );
    CREATE INDEX payment_logs_payment_idx ON payment_logs (payment_id, at);
    CREATE INDEX payment_logs_problem_idx ON payment_logs (at DESC)
      WHERE outcome IN ('REJECTED', 'SUSPICIOUS', 'FAILED', 'EXPIRED');

    -- Where every contest attempt a student holds came from (payment, code, admin grant, free promo).
    CREATE TABLE attempt_grants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      student_id uuid NOT NULL REFERENCES students (id) ON DELETE CASCADE,
      attempts integer NOT NULL CHECK (attempts <> 0),
      source text NOT NULL CHECK (source IN ('PAYMENT', 'CODE', 'ADMIN')),
      payment_id uuid UNIQUE REFERENCES payments (id) ON DELETE SET NULL,
      access_code_id uuid UNIQUE REFERENCES access_codes (id) ON DELETE SET NULL,
      staff_id uuid REFERENCES staff_users (id) ON DELETE SET NULL,
      reason text CHECK (length(reason) <= 300),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX attempt_grants_student_idx ON attempt_grants (student_id, created_at DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE attempt_grants, payment_logs, promo_code_uses, payments, access_codes,
      access_code_batches, promo_codes, payment_settings, payment_packages;
  `.execute(db);
}
