import { createHash } from 'node:crypto';
import { CamelCasePlugin, Kysely, PostgresDialect, type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './database.generated.js';

export type Database = DB;
export type Db = Kysely<Database>;

// numeric and bigint come back as strings by default; our values fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));

export interface DbOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
  /**
   * A connection of the pool ended under it (the server terminated it, restarted or went away) or
   * broke: the pool drops it and opens a new one for the next query. Default: one line on stderr.
   */
  onConnectionError?: (err: Error) => void;
  /** How long a query waits for a connection (a free one, or a new one to open) before it fails. */
  connectTimeoutMs?: number;
  /**
   * Whether statements marked `prepared` become named prepared statements (default true). False
   * behind a pooler that moves a session's statements between server connections (PgBouncer in
   * transaction mode): they then run as unnamed statements, parsed and planned each time.
   */
  preparedStatements?: boolean;
}

/** Default `connectTimeoutMs`: a request waiting longer is better answered "try again" than left hanging. */
const CONNECT_TIMEOUT_MS = 10_000;

const reportOnStderr = (applicationName: string) => (err: Error) => {
  // The message and code only: the error object can reach the client and its connection settings.
  const code = (err as { code?: unknown }).code;
  console.error(`${applicationName}: PostgreSQL connection error: ${err.message}${code ? ` (${code})` : ''}`);
};

const PREPARED_MARK = '/* prepared */';
const PREPARED_PATTERN = /^\s*(?:select\s+)?\/\* prepared \*\//i;

/**
 * Marks a hot statement to be prepared once per connection (PostgreSQL then skips parsing and,
 * once it settles on a generic plan, planning). Raw SQL starts with it; a Kysely select takes it
 * through `.modifyFront(prepared)`. Only for statements whose text never varies (values as
 * parameters, no lists of varying length): each distinct text is one prepared statement per connection.
 */
export const prepared: RawBuilder<unknown> = sql.raw(PREPARED_MARK);

const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `riyazi_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (names.size < 1000) {
      names.set(text, name);
    }
  }
  return name;
}

type QueryFn = (...args: unknown[]) => unknown;

/** A FATAL (or PANIC) answer means the server is ending the session (57P01 after pg_terminate_backend…). */
const endsSession = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ['FATAL', 'PANIC'].includes(String((err as { severity?: unknown }).severity));

/**
 * Wraps a pool client's query: marked statements get a name, so node-postgres prepares them once
 * per connection; a statement whose session the server ended retires the connection (`retire`),
 * which would otherwise go back to the pool before its socket closes and fail the next query too.
 */
function wrapQuery(client: pg.PoolClient, retire: (err: Error) => void, prepare: boolean): void {
  const query = client.query.bind(client) as QueryFn;
  (client as { query: QueryFn }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    const result =
      prepare && typeof text === 'string' && PREPARED_PATTERN.test(text)
        ? query({ name: statementName(text), text, values }, callback)
        : query(text, values, callback);
    if (result instanceof Promise) {
      // Runs before the caller's own handler, so before it releases the client.
      result.catch((err: unknown) => {
        if (endsSession(err)) {
          retire(err as Error);
        }
      });
    }
    return result;
  };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The node-postgres pool behind a Db (its counts for the metrics), if createDb made it. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb({
  connectionString,
  max = 10,
  applicationName = 'riyazi',
  onConnectionError = reportOnStderr(applicationName),
  connectTimeoutMs = CONNECT_TIMEOUT_MS,
  preparedStatements = true,
}: DbOptions): Db {
  // jit off: JIT compiling costs up to a second per statement whose estimate looks big, and this
  // is short statements all day long (a contest batch with stale statistics paid it on every call).
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c jit=off',
    connectionTimeoutMillis: connectTimeoutMs,
  });
  pool.on('connect', (client) => {
    // A terminated connection errs twice (the server's notice, then the socket's end): reported once.
    let reported = false;
    const report = (err: Error) => {
      if (!reported) {
        reported = true;
        onConnectionError(err);
      }
    };
    // Ending it marks it so the pool drops it when it is released, instead of lending it again.
    wrapQuery(
      client,
      (err) => {
        report(err);
        void client.end().catch(() => {});
      },
      preparedStatements,
    );
    // Idle or checked out (Kysely holds one through a transaction): an 'error' with no listener
    // would end the process. The query running on it, if any, fails on its own; the pool drops it.
    client.on('error', report);
  });
  // The pool re-emits an idle client's error (already reported above): heard so it cannot throw.
  pool.on('error', () => {});
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return db;
}
