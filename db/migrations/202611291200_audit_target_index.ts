import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// The integrity review reads a play's decision history back from the audit log by its target.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id, at DESC) WHERE target_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX audit_log_target_idx`.execute(db);
}
