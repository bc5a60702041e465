import type { Executor } from '../../lib/db.js';

export function findDisplaySettings(db: Executor) {
  return db.selectFrom('publicDisplaySettings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export interface DisplaySettingsRow {
  nameStyle: string;
  showSchool: boolean;
  showCity: boolean;
  announcementTitle: string;
  announcementBody: string;
  announcementEndsAt: Date | null;
  updatedBy: string;
}

export function upsertDisplaySettings(db: Executor, row: DisplaySettingsRow) {
  const values = { ...row, updatedAt: new Date() };
  return db
    .insertInto('publicDisplaySettings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}
