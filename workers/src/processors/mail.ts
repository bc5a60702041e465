import { decryptSecret } from '@riyazi/api/secret-box';
import { UnrecoverableError } from 'bullmq';
import nodemailer from 'nodemailer';
import type { Handlers } from '../handlers.js';
import { isMailTemplate, renderMail } from '../mail/templates.js';
import { findMailMessage, findSmtpSettings, recordMailAttempt } from './mail.repository.js';

export const mailHandlers: Handlers['mail'] = {
  // At least once: a crash between sending and recording SENT sends the e-mail again on retry.
  'mail.send': async ({ messageId }, job, { db, log, encryptionKey, isProduction }) => {
    const message = await findMailMessage(db, messageId);
    if (!message || message.status === 'SENT') {
      return;
    }
    if (!isMailTemplate(message.template)) {
      throw new UnrecoverableError(`unknown mail template ${message.template}`);
    }
    const rendered = renderMail(message.template, message.params as never);
    const settings = await findSmtpSettings(db);
    const recordAttempt = (status: 'SENT' | 'FAILED' | 'QUEUED', error: string | null) =>
      recordMailAttempt(db, messageId, status, error);

    if (!settings) {
      if (!isProduction) {
        // Development without a relay: the e-mail goes to the worker log so links can be followed.
        log.info(
          { to: message.toEmail, subject: rendered.subject, text: rendered.text },
          'e-mail (no SMTP configured)',
        );
        await recordAttempt('SENT', null);
        return;
      }
      await recordAttempt('QUEUED', 'SMTP is not configured');
      throw new Error('SMTP is not configured');
    }

    const transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth:
        settings.username && settings.passwordEncrypted
          ? { user: settings.username, pass: decryptSecret(settings.passwordEncrypted, encryptionKey) }
          : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    try {
      await transport.sendMail({
        from: { name: settings.fromName, address: settings.fromEmail },
        to: message.toEmail,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
      });
      await recordAttempt('SENT', null);
    } catch (err) {
      const finalAttempt = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      const reason = err instanceof Error ? err.message.slice(0, 500) : 'send failed';
      await recordAttempt(finalAttempt ? 'FAILED' : 'QUEUED', reason);
      throw err;
    } finally {
      transport.close();
    }
  },
};
