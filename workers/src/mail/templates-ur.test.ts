import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.js';

describe('Urdu mail templates', () => {
  it('writes a receipt in Urdu, right to left, with amounts and the order number left to right', () => {
    const mail = renderMail('paymentReceipt', {
      language: 'ur',
      name: 'Zainab <b>',
      orderRef: 'RZ-2026-0042',
      amount: 'PKR 1,500',
      attempts: 3,
      contestAttempts: 5,
    });
    expect(mail.subject).toBe('ریاضی: ادائیگی کی رسید \u2066RZ-2026-0042\u2069');
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
    expect(mail.html).toContain('<span dir="ltr">PKR 1,500</span>');
    expect(mail.html).toContain('<span dir="ltr">RZ-2026-0042</span>');
    expect(mail.html).toContain('<span dir="ltr">Zainab &lt;b&gt;</span>');
    expect(mail.html).not.toContain('<b>');
  });

  it('congratulates a qualifier in Urdu, and stays English without a language or for a staff e-mail', () => {
    const params = { name: 'Ali', phaseTitle: 'Phase 1', nextPhaseTitle: 'Phase 2', rank: 4 };
    expect(renderMail('phaseQualified', { ...params, language: 'ur' }).text).toContain('مبارک ہو!');
    expect(renderMail('phaseQualified', params).subject).toBe('You qualified for Phase 2');
    expect(renderMail('phaseQualified', { ...params, language: 'en' }).subject).toBe(
      'You qualified for Phase 2',
    );
    expect(renderMail('smtpTest', { requestedBy: 'admin' }).html).not.toContain('dir="rtl"');
  });
});
