import { insertAuditEntry } from './audit.repository.js';
import type { Executor } from './db.js';

export interface AuditEntry {
  actorType: 'staff' | 'student' | 'system';
  actorId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  ip?: string;
  details?: Record<string, unknown>;
}

/** One row of the audit log, written in the caller's transaction. */
export const writeAudit = (db: Executor, entry: AuditEntry): Promise<void> => insertAuditEntry(db, entry);

/** A staff member's action on one target, written in the transaction that made it. */
export function audit(
  trx: Executor,
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
