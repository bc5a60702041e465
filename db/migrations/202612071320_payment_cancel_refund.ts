import { type Kysely, sql } from 'kysely';

// Payments staff can settle by hand (#30): a checkout cancelled by the family or staff is CANCELLED,
// a paid one whose money went back is REFUNDED (it keeps its paid_at). A refund takes back the
// attempts not yet used as a grant of its own (source REFUND), so a payment has at most one grant
// per source. Staff actions and cancels are logged in payment_logs beside the gateway's messages.
// Exporting a batch's access codes becomes a permission of its own, code:export.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE role_permissions DROP CONSTRAINT role_permissions_action_check;
    ALTER TABLE role_permissions ADD CONSTRAINT role_permissions_action_check CHECK (
      action IN ('read', 'create', 'update', 'delete') OR (action = 'export' AND module IN ('student', 'code'))
    );
    ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED', 'CANCELLED', 'REFUNDED'));
    ALTER TABLE payments DROP CONSTRAINT payments_check1;
    ALTER TABLE payments ADD CONSTRAINT payments_paid_at_check
      CHECK ((status IN ('PAID', 'REFUNDED')) = (paid_at IS NOT NULL));
    ALTER TABLE payments ADD COLUMN refunded_at timestamptz;
    ALTER TABLE payments ADD CONSTRAINT payments_refunded_at_check
      CHECK ((status = 'REFUNDED') = (refunded_at IS NOT NULL));

    ALTER TABLE attempt_grants DROP CONSTRAINT attempt_grants_source_check;
    ALTER TABLE attempt_grants ADD CONSTRAINT attempt_grants_source_check
      CHECK (source IN ('PAYMENT', 'CODE', 'ADMIN', 'REFUND'));
    ALTER TABLE attempt_grants DROP CONSTRAINT attempt_grants_payment_id_key;
    CREATE UNIQUE INDEX attempt_grants_payment_source_key ON attempt_grants (payment_id, source)
      WHERE payment_id IS NOT NULL;

    ALTER TABLE payment_logs DROP CONSTRAINT payment_logs_kind_check;
    ALTER TABLE payment_logs ADD CONSTRAINT payment_logs_kind_check
      CHECK (kind IN ('CHECKOUT', 'CALLBACK', 'RETURN', 'INQUIRY', 'EXPIRY', 'CANCEL', 'MARK_PAID', 'REFUND'));
    ALTER TABLE payment_logs DROP CONSTRAINT payment_logs_outcome_check;
    ALTER TABLE payment_logs ADD CONSTRAINT payment_logs_outcome_check CHECK (outcome IN
      ('STARTED', 'CREDITED', 'DUPLICATE', 'REJECTED', 'SUSPICIOUS', 'FAILED', 'PENDING', 'EXPIRED',
       'CANCELLED', 'REFUNDED'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM role_permissions WHERE action = 'export' AND module = 'code';
    ALTER TABLE role_permissions DROP CONSTRAINT role_permissions_action_check;
    ALTER TABLE role_permissions ADD CONSTRAINT role_permissions_action_check CHECK (
      action IN ('read', 'create', 'update', 'delete') OR (action = 'export' AND module = 'student')
    );
    DELETE FROM payment_logs WHERE kind IN ('CANCEL', 'MARK_PAID', 'REFUND');
    ALTER TABLE payment_logs DROP CONSTRAINT payment_logs_outcome_check;
    ALTER TABLE payment_logs ADD CONSTRAINT payment_logs_outcome_check CHECK (outcome IN
      ('STARTED', 'CREDITED', 'DUPLICATE', 'REJECTED', 'SUSPICIOUS', 'FAILED', 'PENDING', 'EXPIRED'));
    ALTER TABLE payment_logs DROP CONSTRAINT payment_logs_kind_check;
    ALTER TABLE payment_logs ADD CONSTRAINT payment_logs_kind_check
      CHECK (kind IN ('CHECKOUT', 'CALLBACK', 'RETURN', 'INQUIRY', 'EXPIRY'));
    DELETE FROM attempt_grants WHERE source = 'REFUND';
    DROP INDEX attempt_grants_payment_source_key;
    ALTER TABLE attempt_grants ADD CONSTRAINT attempt_grants_payment_id_key UNIQUE (payment_id);
    ALTER TABLE attempt_grants DROP CONSTRAINT attempt_grants_source_check;
    ALTER TABLE attempt_grants ADD CONSTRAINT attempt_grants_source_check
      CHECK (source IN ('PAYMENT', 'CODE', 'ADMIN'));
    UPDATE payments SET status = 'PAID' WHERE status = 'REFUNDED';
    UPDATE payments SET status = 'EXPIRED' WHERE status = 'CANCELLED';
    ALTER TABLE payments DROP CONSTRAINT payments_refunded_at_check;
    ALTER TABLE payments DROP COLUMN refunded_at;
    ALTER TABLE payments DROP CONSTRAINT payments_paid_at_check;
    ALTER TABLE payments ADD CONSTRAINT payments_check1 CHECK ((status = 'PAID') = (paid_at IS NOT NULL));
    ALTER TABLE payments DROP CONSTRAINT payments_status_check;
    ALTER TABLE payments ADD CONSTRAINT payments_status_check
      CHECK (status IN ('PENDING', 'PAID', 'FAILED', 'EXPIRED'));
  `.execute(db);
}
