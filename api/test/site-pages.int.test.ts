import type { SitePageVersion } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { useRecaptchaTestContext } from '../../test/fake-recaptcha.js';
import { authorizedCall, makeGrade, setFlags, signedInStaff, signupBody } from '../../test/helpers.js';

const { t } = useRecaptchaTestContext();

const call: ReturnType<typeof authorizedCall> = (...args) => authorizedCall(t)(...args);
const editor = () =>
  signedInStaff(t, {
    permissions: [
      ['configurations', 'read'],
      ['configurations', 'update'],
    ],
  });

async function publish(token: string, key: string, title: string, body: string) {
  const res = await call(token, 'POST', `/api/admin/pages/${key}/publish/`, { title, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: SitePageVersion }>().data;
}

const publicPage = (url: string) => t.app.inject({ method: 'GET', url });
const contact = (payload: Record<string, unknown>, ip = '203.0.113.5') =>
  t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress: ip });
const MESSAGE = { name: 'Sana Iqbal', email: 'sana@example.com', message: 'When does phase 2 open?' };

describe('site pages', () => {
  it('publishing a new version keeps the old one readable, sanitised and audited', async () => {
    const { token } = await editor();
    expect((await publicPage('/api/pages/terms')).statusCode).toBe(404);
    await publish(token, 'terms', 'Terms', '<p>Old terms</p>');
    const v2 = await publish(token, 'terms', 'Terms 2027', '<p>New terms<script>alert(1)</script></p>');
    expect(v2.version).toBe(2);
    expect(v2.body).not.toContain('script');

    const latest = (await publicPage('/api/pages/terms')).json<{ data: SitePageVersion }>().data;
    expect(latest).toMatchObject({ version: 2, title: 'Terms 2027' });
    expect(latest.versions.map((v) => v.version)).toEqual([2, 1]);
    const old = (await publicPage('/api/pages/terms/versions/1')).json<{ data: SitePageVersion }>().data;
    expect(old).toMatchObject({ version: 1, body: '<p>Old terms</p>' });
    expect((await publicPage('/api/pages/terms/versions/3')).statusCode).toBe(404);
    expect((await publicPage('/api/pages/nonsense')).statusCode).toBe(400);
    const audits = await t.db
      .selectFrom('auditLog')
      .select('action')
      .where('action', '=', 'sitePage.publish')
      .execute();
    expect(audits).toHaveLength(2);
  });

  it('refuses staff without the configurations permission, and an empty body', async () => {
    const outsider = await signedInStaff(t, { permissions: [['promoCode', 'read']] });
    expect((await call(outsider.token, 'GET', '/api/admin/pages/')).statusCode).toBe(403);
    const reader = await signedInStaff(t, { permissions: [['configurations', 'read']] });
    expect((await call(reader.token, 'GET', '/api/admin/pages/')).statusCode).toBe(200);
    const refused = await call(reader.token, 'POST', '/api/admin/pages/terms/publish/', {
      title: 'T',
      body: '<p>x</p>',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('message');
    const { token } = await editor();
    const empty = await call(token, 'POST', '/api/admin/pages/terms/publish/', {
      title: 'T',
      body: '<p> </p>',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
  });

  it('sign-up records the terms and privacy versions published at that moment', async () => {
    const { token } = await editor();
    await publish(token, 'terms', 'Terms', '<p>One</p>');
    await publish(token, 'terms', 'Terms', '<p>Two</p>');
    await publish(token, 'privacy', 'Privacy', '<p>One</p>');
    await setFlags(t.db, { isRegistrationEnabled: true });
    const grade = await makeGrade(t.db, 5);
    const body = signupBody(grade.id);
    const res = await t.app.inject({ method: 'POST', url: '/api/student/signup', payload: body });
    expect(res.statusCode, res.body).toBe(201);
    const student = await t.db
      .selectFrom('students')
      .select(['termsVersion', 'privacyVersion'])
      .where('email', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(student).toEqual({ termsVersion: 2, privacyVersion: 1 });
  });

  it('the contact form queues a mail to the organisers and refuses bad input', async () => {
    expect((await contact(MESSAGE)).statusCode).toBe(202);
    const mail = await t.db.selectFrom('mailMessages').select(['template', 'toEmail', 'params']).execute();
    expect(mail).toEqual([{ template: 'contactMessage', toEmail: t.config.CONTACT_EMAIL, params: MESSAGE }]);
    const bad = await contact({ ...MESSAGE, email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });

  it('the contact form is rate-limited per address', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await contact(MESSAGE)).statusCode).toBe(202);
    }
    const refused = await contact(MESSAGE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many messages/);
    expect((await contact(MESSAGE, '198.51.100.20')).statusCode).toBe(202);
  });

  it('the contact form asks for a good reCAPTCHA token when the flag is on', async () => {
    await setFlags(t.db, { isRecaptchaEnabled: true });
    expect((await contact(MESSAGE)).statusCode).toBe(400);
    expect((await contact({ ...MESSAGE, recaptchaToken: 'bad-token' })).statusCode).toBe(400);
    expect((await contact({ ...MESSAGE, recaptchaToken: 'good-token' })).statusCode).toBe(202);
  });
});
