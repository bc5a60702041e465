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
});
