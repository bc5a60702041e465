import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
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

export function createDb({ connectionString, max = 10, applicationName = 'riyazi' }: DbOptions): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
}
