import { sql } from 'kysely';
import type { Executor } from '../../lib/db.js';

export const pingDatabase = (db: Executor) => sql`select 1`.execute(db);
