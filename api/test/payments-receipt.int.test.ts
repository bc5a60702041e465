import type { Job } from 'bullmq';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import { exited, type ServiceProcess, startService, waitFor } from '../../test/processes.js';
import type { WorkerContext } from '../../workers/src/handlers.js';
import { mailHandlers } from '../../workers/src/processors/mail.js';
import { fake, jazzCheckout, postForm, t } from './payments.fixtures.js';

describe('receipt e-mail', () => {
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('a worker killed mid-send still sends the receipt, once', async () => {
    await t.db
      .insertInto('smtpSettings')
      .values({ id: 1, host: '127.0.0.1', port: smtp.port, fromEmail: 'no-reply@riyazi.test' })
      .onConflict((oc) => oc.column('id').doUpdateSet({ port: smtp.port }))
      .execute();
    const { orderRef } = await jazzCheckout();
    // Credited while no worker runs: the receipt waits in the queue and the mail table.
    await postForm('/api/payment/gateway/jazzcash/callback', fake.decide(orderRef, 'approve'));
    const message = await t.db.selectFrom('mailMessages').select(['id', 'status']).executeTakeFirstOrThrow();
    expect(message.status).toBe('QUEUED');
    const receipts = () => smtp.messages.filter((m) => m.decoded.includes(orderRef));

    // The relay never answers the message's DATA: the worker is mid-send when it is killed.
    smtp.hold = true;
    const first = startService('workers/src/main.ts');
    let second: ServiceProcess | null = null;
    try {
      await waitFor('the first worker to be mid-send', () =>
        smtp.held.some((m) => m.decoded.includes(orderRef)),
      );
      first.child.kill('SIGKILL');
      await exited(first.child);
      smtp.hold = false;
      const row = await t.db
        .selectFrom('mailMessages')
        .select('status')
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('QUEUED');
      expect(receipts()).toHaveLength(0);

      // A new worker finds the job stalled (its lock expired with the dead worker) and sends it.
      second = startService('workers/src/main.ts');
      await waitFor('the receipt to be delivered', () => receipts().length > 0);
      await waitFor('the mail row to be SENT', async () => {
        const sent = await t.db
          .selectFrom('mailMessages')
          .select('status')
          .where('id', '=', message.id)
          .executeTakeFirstOrThrow();
        return sent.status === 'SENT';
      });
    } finally {
      first.child.kill('SIGKILL');
      if (second) {
        second.child.kill('SIGTERM');
        await exited(second.child);
      }
    }
    expect(receipts()).toHaveLength(1);
    expect(smtp.held.filter((m) => m.decoded.includes(orderRef))).toHaveLength(1);

    // Replaying the job (a redelivered event) reaches the handler, which finds it SENT and sends nothing.
    const before = await t.db
      .selectFrom('mailMessages')
      .select(['status', 'attempts', 'sentAt'])
      .where('id', '=', message.id)
      .executeTakeFirstOrThrow();
    await mailHandlers['mail.send'](
      { eventId: 'replayed', messageId: message.id },
      { attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job,
      {
        db: t.db,
        queues: t.queues,
        log: pino({ level: 'silent' }),
        encryptionKey: t.config.ENCRYPTION_KEY,
        isProduction: false,
      } as unknown as WorkerContext,
    );
    expect(receipts()).toHaveLength(1);
    expect(
      await t.db
        .selectFrom('mailMessages')
        .select(['status', 'attempts', 'sentAt'])
        .where('id', '=', message.id)
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  }, 150_000);
});
