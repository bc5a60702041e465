import { type FieldProblems, fieldMessage } from '../../../shared/forms/form-errors';
import type { SmtpSettings, SmtpSettingsBody } from '../api/smtp-api';

export const SMTP_FIELDS = [
  'host',
  'port',
  'secure',
  'username',
  'password',
  'fromName',
  'fromEmail',
] as const;
export type SmtpField = (typeof SMTP_FIELDS)[number];

export const SMTP_LABELS: Record<SmtpField, string> = {
  host: 'Server (host)',
  port: 'Port',
  secure: 'Secure connection',
  username: 'User name',
  password: 'Password',
  fromName: 'From name',
  fromEmail: 'From e-mail',
};

/** The form's values as typed: the port stays text until it is sent. */
export interface SmtpDraft {
  host: string;
  port: string;
  secure: boolean;
  username: string;
  password: string;
  fromName: string;
  fromEmail: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOST = /^[a-zA-Z0-9.-]+$/;

/** A new form starts on STARTTLS, the usual relay setup; the password is never prefilled. */
export function toDraft(settings: SmtpSettings | null): SmtpDraft {
  if (settings === null) {
    return {
      host: '',
      port: '587',
      secure: false,
      username: '',
      password: '',
      fromName: 'Riyazi',
      fromEmail: '',
    };
  }
  return {
    host: settings.host,
    port: String(settings.port),
    secure: settings.secure,
    username: settings.username ?? '',
    password: '',
    fromName: settings.fromName,
    fromEmail: settings.fromEmail,
  };
}

/** The same rules the api applies, so most mistakes show before the round trip. */
export function draftProblems(draft: SmtpDraft): FieldProblems<SmtpField> {
  const problems: FieldProblems<SmtpField> = {};
  const host = draft.host.trim();
  if (host === '') {
    problems.host = 'is required';
  } else if (!HOST.test(host)) {
    problems.host = 'must be a host name or IP address';
  }
  const port = Number(draft.port.trim());
  if (draft.port.trim() === '' || !Number.isInteger(port) || port < 1 || port > 65535) {
    problems.port = 'must be a whole number from 1 to 65535';
  }
  if (draft.fromName.trim() === '') {
    problems.fromName = 'is required';
  }
  if (!EMAIL.test(draft.fromEmail.trim())) {
    problems.fromEmail = draft.fromEmail.trim() === '' ? 'is required' : 'must be a valid e-mail address';
  }
  return problems;
}

/** POST body: trimmed text, the port as a number, and no password when the box was left empty. */
export function toRequestBody(draft: SmtpDraft): SmtpSettingsBody {
  const body: SmtpSettingsBody = {
    host: draft.host.trim(),
    port: Number(draft.port.trim()),
    secure: draft.secure,
    username: draft.username.trim(),
    fromName: draft.fromName.trim(),
    fromEmail: draft.fromEmail.trim(),
  };
  return draft.password === '' ? body : { ...body, password: draft.password };
}

export function problemText(field: SmtpField, problem: string | undefined): string | null {
  return problem === undefined ? null : fieldMessage(SMTP_LABELS[field], problem);
}
