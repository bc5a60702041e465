import type { AuditEntry } from './audit.js';
import type { Executor } from './db.js';

export async function insertAuditEntry(db: Executor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      actorType: entry.actorType,
      actorId: entry.actorId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      ip: entry.ip ?? null,
      details: JSON.stringify(entry.details ?? {}),
    })
    .execute();
}
