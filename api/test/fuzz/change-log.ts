import type { Db } from '@riyazi/db';
import { sql } from 'kysely';
import pg from 'pg';

/**
 * Tables that rightly record a refused try: the audit log (a wrong password on a winner change) and
 * the payment log (a gateway message with a bad signature).
 */
export const LOG_TABLES = ['audit_log', 'payment_logs'];

/**
 * A row-level trigger on every other application table notifies what it wrote, and over which
 * connection (its application_name: each app under test has its own). Notifications are sent on
 * commit only, so a rolled-back write is (rightly) not a change.
 */
export async function installChangeLog(db: Db): Promise<void> {
  await sql`CREATE SCHEMA IF NOT EXISTS fuzz`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION fuzz.notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('fuzz_changes', current_setting('application_name') || ' ' || TG_TABLE_NAME || ' ' || TG_OP);
      RETURN NULL;
    END $$`.execute(db);
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND c.relname NOT LIKE 'kysely_%' AND c.relname <> ALL(${LOG_TABLES})
  `.execute(db);
  for (const { name } of rows) {
    const table = sql.id('public', name);
    await sql`
      CREATE TRIGGER fuzz_write AFTER INSERT OR DELETE ON ${table}
      FOR EACH ROW EXECUTE FUNCTION fuzz.notify_change()`.execute(db);
    await sql`
      CREATE TRIGGER fuzz_update AFTER UPDATE ON ${table}
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz.notify_change()`.execute(db);
  }
}

/** Drops the triggers with their function, so the next test file finds the schema as migrated. */
export async function removeChangeLog(db: Db): Promise<void> {
  await sql`DROP SCHEMA IF EXISTS fuzz CASCADE`.execute(db);
}

/** Listens for the triggers' notifications on a connection of its own, per application name. */
export class ChangeWatcher {
  private readonly seen = new Map<string, Set<string>>();

  private constructor(private readonly client: pg.Client) {
    client.on('notification', (message) => {
      const [app = '', ...change] = (message.payload ?? '').split(' ');
      let changes = this.seen.get(app);
      if (!changes) {
        changes = new Set();
        this.seen.set(app, changes);
      }
      changes.add(change.join(' '));
    });
  }

  static async start(connectionString: string): Promise<ChangeWatcher> {
    const client = new pg.Client({ connectionString });
    await client.connect();
    await client.query('LISTEN fuzz_changes');
    return new ChangeWatcher(client);
  }

  /** Waits for what earlier requests of an app committed, then forgets it (call before a request). */
  async drain(app: string): Promise<void> {
    await this.client.query('SELECT 1');
    this.seen.delete(app);
  }

  /**
   * What an app committed since drain(app), e.g. ["students INSERT"]. The round trip is the barrier:
   * the server delivers every notification committed before the query ahead of the query's answer.
   */
  async changes(app: string): Promise<string[]> {
    await this.client.query('SELECT 1');
    return [...(this.seen.get(app) ?? [])];
  }

  async stop(): Promise<void> {
    await this.client.end();
  }
}
