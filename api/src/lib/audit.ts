import type { Database, Db } from '@riyazi/db';
import type { Transaction } from 'kysely';

export interface AuditEntry {
  actorType: 'staff' | 'student' | 'system';
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

export async function writeAudit(db: Db | Transaction<Database>, entry: AuditEntry): Promise<void> {
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

/** A staff member's action on one target, written in the transaction that made it. */
export function audit(
  trx: Db | Transaction<Database>,
  actor: { id: string; ip: string },
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown>,
) {
  return writeAudit(trx, {
    actorType: 'staff',
    actorId: actor.id,
    action,
    targetType,
    targetId,
    ip: actor.ip,
    details,
  });
}
