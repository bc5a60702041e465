import { describe, expect, it } from 'vitest';
import { renderMail } from './templates.js';

const params = {
  name: 'Ali Raza',
  phaseTitle: 'Phase 1',
  gradeTitle: 'Grade 5',
  finishedAt: '2026-11-20 11:02:00',
} as const;

describe('integrity decision e-mails', () => {
  it('tells a family in plain English which play was disqualified and how to reach the organisers', () => {
    const mail = renderMail('integrityDecision', { ...params, decision: 'DISQUALIFY' });
    expect(mail.subject).toBe('Your contest play in Phase 1 has been disqualified');
    expect(mail.text).toContain('Phase 1 (Grade 5), finished on 2026-11-20 11:02:00 (Pakistan time)');
    expect(mail.text).toContain('no longer counts for the rankings, the winners or qualification');
    expect(mail.text).toContain('reply to this e-mail or contact the Riyazi organisers');
  });

  it('words a warning as a warning: the result still counts', () => {
    const mail = renderMail('integrityDecision', { ...params, decision: 'WARN' });
    expect(mail.subject).toBe('About your contest play in Phase 1');
    expect(mail.text).toContain('your result still counts');
    expect(mail.text).not.toContain('disqualified');
  });

  it('writes it in Urdu for an Urdu account, right to left, the phase and time left to right', () => {
    const mail = renderMail('integrityDecision', { ...params, decision: 'DISQUALIFY', language: 'ur' });
    expect(mail.subject).toBe('\u2066Phase 1\u2069 میں آپ کا مقابلہ نااہل قرار دیا گیا ہے');
    expect(mail.html).toContain('<html lang="ur" dir="rtl">');
    expect(mail.html).toContain('<span dir="ltr">2026-11-20 11:02:00</span>');
    expect(mail.text).toContain('منتظمین سے رابطہ کریں');
  });
});
