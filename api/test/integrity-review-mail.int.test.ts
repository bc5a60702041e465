import { describe, expect, it } from 'vitest';
import { decide, planted, t } from './integrity-review.fixtures.js';

const mails = () =>
  t.db
    .selectFrom('mailMessages')
    .select(['template', 'toEmail', 'params'])
    .where('template', '=', 'integrityDecision')
    .execute();
const notifiedAt = async (playId: string) =>
  (
    await t.db
      .selectFrom('playReviews')
      .select('studentNotifiedAt')
      .where('playId', '=', playId)
      .executeTakeFirstOrThrow()
  ).studentNotifiedAt;

describe('telling the student', () => {
  it('queues the disqualification e-mail in the student’s language and records when', async () => {
    const res = await decide(planted.plays.ali, {
      decision: 'DISQUALIFY',
      reason: 'Copied',
      notifyStudent: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mails()).toEqual([
      {
        template: 'integrityDecision',
        toEmail: planted.students.ali.email,
        params: {
          name: 'Ali Raza',
          decision: 'DISQUALIFY',
          phaseTitle: 'Phase 1',
          gradeTitle: 'Grade 5',
          finishedAt: '2026-11-20 11:02:00',
          language: 'ur',
        },
      },
    ]);
    expect(await notifiedAt(planted.plays.ali)).toBeInstanceOf(Date);
    expect(res.json().data.review.studentNotifiedAt).not.toBeNull();
    const events = await t.db
      .selectFrom('outboxEvents')
      .select('type')
      .where('type', '=', 'mail.queued')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('may warn by e-mail, in English for an English account; never sends the reviewer’s reason', async () => {
    await decide(planted.plays.bilal, {
      decision: 'WARN',
      reason: 'Internal: Ali sat next to him',
      notifyStudent: true,
    });
    const [mail] = await mails();
    expect(mail).toMatchObject({
      toEmail: planted.students.bilal.email,
      params: { decision: 'WARN', language: 'en' },
    });
    expect(JSON.stringify(mail)).not.toContain('Internal');
  });

  it('sends nothing without notifyStudent, and never for a clear', async () => {
    await decide(planted.plays.ali, { decision: 'DISQUALIFY', reason: 'Copied' });
    await decide(planted.plays.ali, { decision: 'CLEAR', reason: 'A mistake' });
    expect(await mails()).toEqual([]);
    expect(await notifiedAt(planted.plays.ali)).toBeNull();
  });
});
