import type { Db } from '@riyazi/db';
import { sql } from 'kysely';

export const pingDatabase = (db: Db) => sql`SELECT 1`.execute(db);
