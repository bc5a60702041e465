import type { Executor } from '../../lib/db.js';

export function findSmtpSettings(db: Executor) {
  return db.selectFrom('smtpSettings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export interface SmtpRow {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  passwordEncrypted: string | null;
  fromName: string;
  fromEmail: string;
  updatedBy: string;
}

export function upsertSmtpSettings(db: Executor, row: SmtpRow) {
  const values = { id: 1, ...row, updatedAt: new Date() };
  return db
    .insertInto('smtpSettings')
    .values(values)
    .onConflict((oc) => oc.column('id').doUpdateSet({ ...row, updatedAt: values.updatedAt }))
    .execute();
}

export function findMailMessage(db: Executor, id: string) {
  return db
    .selectFrom('mailMessages')
    .select(['id', 'template', 'status', 'attempts', 'lastError', 'sentAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}
