import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CapturedMail, type FakeSmtp, startFakeSmtp } from '../../test/fake-smtp.js';
import {
  deleteRedisKeys,
  makeGrade,
  makeStudent,
  setFlags,
  signupBody,
  useTestContext,
} from '../../test/helpers.js';
import { startTestWorkers } from '../../test/workers.js';
import type { RunningWorkers } from '../../workers/src/runtime.js';

const t = useTestContext({ resetEachTest: true });
let smtp: FakeSmtp;
let workers: RunningWorkers;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  workers = await startTestWorkers(t, {
    relay: { graceMs: 1000, intervalMs: 200, batchSize: 100 },
  });
});
afterAll(async () => {
  await workers.close();
  await smtp.close();
});
beforeEach(async () => {
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:rl`);
  await t.db
    .insertInto('smtpSettings')
    .values({
      id: 1,
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      fromName: 'Riyazi',
      fromEmail: 'no-reply@riyazi.test',
    })
    .execute();
  await setFlags(t.db, { isRegistrationEnabled: true, isEmailVerificationEnabled: true });
});

/** The subject and the text and html parts of a captured message, decoded to UTF-8. */
function readMail(mail: CapturedMail) {
  const words = (value: string) =>
    value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : qp(data.replaceAll('_', ' ')),
    );
  const qp = (body: string) => {
    const bytes: number[] = [];
    const soft = body.replace(/=\r?\n/g, '');
    for (let i = 0; i < soft.length; i += 1) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(Number.parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(soft[i] ?? ''));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  };
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(mail.raw)?.[1] ?? '';
  const parts: Record<string, string> = {};
  for (const part of mail.raw.split(/\r?\n--[^\r\n]+/)) {
    const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
    const type = /Content-Type: (text\/(?:plain|html))/i.exec(head)?.[1];
    if (type === undefined) {
      continue;
    }
    const body = rest.join('\n\n');
    const encoding = /Content-Transfer-Encoding: ([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
    parts[type] =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? qp(body)
          : body;
  }
  return {
    subject: words(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
    text: parts['text/plain'] ?? '',
    html: parts['text/html'] ?? '',
  };
}

describe('e-mails to students in their account language', () => {
  it('signs up a child reading Urdu with Urdu saved on the account and an Urdu confirmation e-mail', async () => {
    const grade = await makeGrade(t.db);
    const body = signupBody(grade.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/student/signup',
      headers: { 'accept-language': 'ur' },
      payload: body,
    });
    expect(res.statusCode).toBe(201);
    const row = await t.db
      .selectFrom('students')
      .select('language')
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row.language).toBe('ur');

    const mail = readMail(await smtp.waitForMessage((m) => m.to.includes(body.email)));
    expect(mail.subject).toBe('ریاضی کے لیے اپنی ای میل کی تصدیق کریں');
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
    expect(mail.html).toContain('ای میل کی تصدیق کریں');
    expect(mail.html).toMatch(
      /<span dir="ltr">https?:\/\/[^<]+\/student-verification\?token=[\w%-]+<\/span>/,
    );
    expect(mail.html).toContain('<span dir="ltr">24</span> گھنٹے');
    expect(mail.text).toContain('السلام علیکم');
    expect(mail.text).toMatch(/\/student-verification\?token=/);
  });

  it('sends the password reset link in Urdu to a child whose account is in Urdu, and in English otherwise', async () => {
    const english = await makeStudent(t.db);
    const urdu = await makeStudent(t.db);
    await t.db.updateTable('students').set({ language: 'ur' }).where('id', '=', urdu.id).execute();
    for (const email of [english.email, urdu.email]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/student/forgot-password',
        payload: { email },
      });
      expect(res.statusCode).toBe(202);
    }
    const inUrdu = readMail(await smtp.waitForMessage((m) => m.to.includes(urdu.email)));
    expect(inUrdu.subject).toBe('ریاضی کا پاس ورڈ دوبارہ بنائیں');
    expect(inUrdu.html).toContain('dir="rtl"');
    expect(inUrdu.html).toContain('<span dir="ltr">30</span> منٹ');
    expect(inUrdu.html).toMatch(/<a href="https?:\/\/[^"]+\/reset-password\?token=/);

    const inEnglish = readMail(await smtp.waitForMessage((m) => m.to.includes(english.email)));
    expect(inEnglish.subject).toBe('Reset your Riyazi password');
    expect(inEnglish.html).not.toContain('dir="rtl"');
    expect(inEnglish.text).toContain('expires in 30 minutes');
  });
});
