import { describe, expect, it } from 'vitest';
import { expiresIn, renderMail } from './templates.js';

describe('mail templates', () => {
  it('says how long a link lasts in words a parent reads', () => {
    expect(expiresIn(30)).toBe('30 minutes');
    expect(expiresIn(1440)).toBe('24 hours');
    expect(expiresIn(90)).toBe('90 minutes');
  });

  it('a 24 h reset link (issued by an admin) reads "24 hours", not minutes', () => {
    const mail = renderMail('resetPassword', {
      name: 'Fatima',
      link: 'https://riyazi.test/r/x',
      minutes: 1440,
    });
    expect(mail.text).toContain('expires in 24 hours');
    expect(mail.html).toContain('expires in 24 hours');
  });

  it('a login code names nobody: the code and how long it works, in English or Urdu', () => {
    const english = renderMail('loginCode', { code: '042917', minutes: 10 });
    expect(english.subject).toBe('Your Riyazi login code');
    expect(english.text).toContain('042917');
    expect(english.text).toContain('It works once, for 10 minutes.');
    expect(english.text).not.toMatch(/Assalam/);
    const urdu = renderMail('loginCode', { code: '042917', minutes: 10, language: 'ur' });
    expect(urdu.html).toContain('dir="rtl"');
    expect(urdu.html).toContain('<span dir="ltr">042917</span>');
    expect(urdu.text).toContain('\u2066042917\u2069');
  });
});
