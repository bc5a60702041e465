import type { Db } from '@riyazi/db';
import { sql } from 'kysely';

export const findMailMessage = (db: Db, messageId: string) =>
  db.selectFrom('mailMessages').selectAll().where('id', '=', messageId).executeTakeFirst();

/** The SMTP relay an admin configured (one row, id 1), if any. */
export const findSmtpSettings = (db: Db) =>
  db.selectFrom('smtpSettings').selectAll().where('id', '=', 1).executeTakeFirst();

/** Counts one send attempt and records where the message stands after it. */
export async function recordMailAttempt(
  db: Db,
  messageId: string,
  status: 'SENT' | 'FAILED' | 'QUEUED',
  error: string | null,
): Promise<void> {
  await db
    .updateTable('mailMessages')
    .set({
      status,
      lastError: error,
      attempts: sql`attempts + 1`,
      sentAt: status === 'SENT' ? new Date() : null,
    })
    .where('id', '=', messageId)
    .execute();
}
