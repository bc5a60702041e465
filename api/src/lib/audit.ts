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

/** The platform acting by itself through a staff service (e.g. the demo album at install). */
export const SYSTEM_ACTOR: Readonly<{ id: string; ip: string }> = Object.freeze({ id: 'system', ip: '' });

/** A staff member's action on one target (or SYSTEM_ACTOR's), written in the transaction that made it. */
export function audit(
  trx: Executor,
  actor: { id: string; ip: string },
  action: string,
  targetType: string,
  targetId: string,
  details: Record<string, unknown>,
) {
  const system = actor === SYSTEM_ACTOR;
  return writeAudit(trx, {
    actorType: system ? 'system' : 'staff',
    actorId: system ? null : actor.id,
    action,
    targetType,
    targetId,
    ...(system ? {} : { ip: actor.ip }),
    details,
  });
}
