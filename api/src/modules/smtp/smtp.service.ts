import type { Db } from '@riyazi/db';
import { queueMail } from '#modules/mail';
import { writeAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import { encryptSecret } from '../../lib/secret-box.js';
import { type DispatchDeps, dispatchAfterCommit } from '../../queue/outbox.js';
import * as repo from './smtp.repository.js';
import type { SmtpSettingsBody } from './smtp.schemas.js';

export async function getSmtpSettings(db: Db) {
  const row = await repo.findSmtpSettings(db);
  if (!row) {
    return null;
  }
  return {
    host: row.host,
    port: row.port,
    secure: row.secure,
    username: row.username,
    hasPassword: row.passwordEncrypted !== null,
    fromName: row.fromName,
    fromEmail: row.fromEmail,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function saveSmtpSettings(
  db: Db,
  encryptionKey: string,
  body: SmtpSettingsBody,
  staffId: string,
  ip: string,
) {
  await db.transaction().execute(async (trx) => {
    const current = await repo.findSmtpSettings(trx);
    const passwordEncrypted = body.password
      ? encryptSecret(body.password, encryptionKey)
      : (current?.passwordEncrypted ?? null);
    await repo.upsertSmtpSettings(trx, {
      host: body.host,
      port: body.port,
      secure: body.secure,
      username: body.username || null,
      passwordEncrypted,
      fromName: body.fromName,
      fromEmail: body.fromEmail,
      updatedBy: staffId,
    });
    await writeAudit(trx, {
      actorType: 'staff',
      actorId: staffId,
      action: 'smtp.update',
      targetType: 'smtpSettings',
      ip,
      details: {
        host: body.host,
        port: body.port,
        secure: body.secure,
        passwordChanged: Boolean(body.password),
      },
    });
  });
  return getSmtpSettings(db);
}

export async function sendTestMail(deps: DispatchDeps, to: string, requestedBy: string) {
  const { messageId, event } = await queueMail(deps.db, 'smtpTest', to, { requestedBy });
  await dispatchAfterCommit(deps, [event]);
  return messageId;
}

export async function getMailStatus(db: Db, id: string) {
  const message = await repo.findMailMessage(db, id);
  if (!message) {
    throw notFound('E-mail not found');
  }
  return {
    _id: message.id,
    status: message.status,
    attempts: message.attempts,
    lastError: message.lastError,
  };
}
