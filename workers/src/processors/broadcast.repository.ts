import type { Db } from '@riyazi/db';

/** The stored system flags row (there is one, id 1), if any. */
export const findSystemFlags = (db: Db) =>
  db.selectFrom('systemFlags').select(['flags', 'updatedAt']).where('id', '=', 1).executeTakeFirst();
