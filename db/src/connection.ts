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
}

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

/** Gives marked statements a name, so node-postgres prepares them once per connection. */
function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as QueryFn;
  (client as { query: QueryFn }).query = (text: unknown, values?: unknown, callback?: unknown) => {
    if (typeof text === 'string' && PREPARED_PATTERN.test(text)) {
      return query({ name: statementName(text), text, values }, callback);
    }
    return query(text, values, callback);
  };
}

const pools = new WeakMap<Db, pg.Pool>();

/** The node-postgres pool behind a Db (its counts for the metrics), if createDb made it. */
export function poolOf(db: Db): pg.Pool | undefined {
  return pools.get(db);
}

export function createDb({ connectionString, max = 10, applicationName = 'riyazi' }: DbOptions): Db {
  // jit off: JIT compiling costs up to a second per statement whose estimate looks big, and this
  // is short statements all day long (a contest batch with stale statistics paid it on every call).
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: applicationName,
    options: '-c jit=off',
  });
  pool.on('connect', prepareMarkedStatements);
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  pools.set(db, pool);
  return db;
}
