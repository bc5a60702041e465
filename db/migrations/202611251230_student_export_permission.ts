import { type Kysely, sql } from 'kysely';

// Frozen in time: never import app code here.
// Exporting students (children's personal data in bulk) becomes a permission of its own,
// student:export, which only the student module offers.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE role_permissions DROP CONSTRAINT role_permissions_action_check;
    ALTER TABLE role_permissions ADD CONSTRAINT role_permissions_action_check CHECK (
      action IN ('read', 'create', 'update', 'delete') OR (action = 'export' AND module = 'student')
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM role_permissions WHERE action = 'export';
    ALTER TABLE role_permissions DROP CONSTRAINT role_permissions_action_check;
    ALTER TABLE role_permissions ADD CONSTRAINT role_permissions_action_check
      CHECK (action IN ('read', 'create', 'update', 'delete'));
  `.execute(db);
}
