import { describe, expect, it } from 'vitest';
import type { SmtpSettings } from '../api/smtp-api';
import { draftProblems, problemText, toDraft, toRequestBody } from './smtp-draft';

const stored: SmtpSettings = {
  host: 'smtp.example.pk',
  port: 465,
  secure: true,
  username: 'mailer',
  hasPassword: true,
  fromName: 'Riyazi',
  fromEmail: 'noreply@example.pk',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('SMTP form draft', () => {
  it('never prefills the password', () => {
    expect(toDraft(stored)).toMatchObject({ host: 'smtp.example.pk', port: '465', password: '' });
  });

  it('starts a first setup on STARTTLS port 587', () => {
    expect(toDraft(null)).toMatchObject({ port: '587', secure: false, username: '' });
  });

  it('leaves the password out when the box is empty, so the stored one is kept', () => {
    const body = toRequestBody(toDraft(stored));
    expect(body).not.toHaveProperty('password');
    expect(body.port).toBe(465);
  });

  it('sends a typed password as it is and trims the other fields', () => {
    const body = toRequestBody({ ...toDraft(stored), host: ' smtp.example.pk ', password: ' secret ' });
    expect(body).toMatchObject({ host: 'smtp.example.pk', password: ' secret ' });
  });

  it('reports each problem by field, like the api does', () => {
    const problems = draftProblems({ ...toDraft(null), host: 'smtp example', port: '70000', fromName: ' ' });
    expect(problems).toEqual({
      host: 'must be a host name or IP address',
      port: 'must be a whole number from 1 to 65535',
      fromName: 'is required',
      fromEmail: 'is required',
    });
    expect(draftProblems(toDraft(stored))).toEqual({});
  });

  it('turns a problem into a sentence with the field label', () => {
    expect(problemText('fromEmail', 'must be a valid e-mail address')).toBe(
      'From e-mail must be a valid e-mail address',
    );
    expect(problemText('host', undefined)).toBeNull();
  });
});
