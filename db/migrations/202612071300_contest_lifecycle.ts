import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// A phase's contest lifecycle (api/src/contracts/contest-lifecycle.ts) is worked out from the
// phase's status and dates plus two facts: when staff ended it early, and when its results and
// review open. Phases that were already over keep their results visible, as they were.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE phases
      ADD COLUMN closed_at timestamptz,
      ADD COLUMN results_release_at timestamptz;
    UPDATE phases SET closed_at = least(ends_at, updated_at) WHERE status = 'CLOSED';
    UPDATE phases SET results_release_at = coalesce(closed_at, ends_at)
    WHERE status = 'CLOSED' OR ends_at <= now();
    ALTER TABLE phases ADD CONSTRAINT phases_closed_at_check CHECK (status <> 'CLOSED' OR closed_at IS NOT NULL);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE phases DROP CONSTRAINT phases_closed_at_check;
    ALTER TABLE phases DROP COLUMN closed_at, DROP COLUMN results_release_at;
  `.execute(db);
}
