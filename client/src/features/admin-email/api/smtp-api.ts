import { adminHttp } from '../../../shared/http/clients';
import { ADMIN_KEY_ROOT } from '../../../shared/query/query-meta';

/** GET /admin/smtp/detail/: the stored relay settings; the password itself is never sent back. */
export interface SmtpSettings {
  host: string;
  port: number;
  secure: boolean;
  username: string | null;
  hasPassword: boolean;
  fromName: string;
  fromEmail: string;
  updatedAt: string;
}

/** POST /admin/smtp/create/: no password means keep the stored one. */
export interface SmtpSettingsBody {
  host: string;
  port: number;
  secure: boolean;
  username: string;
  password?: string;
  fromName: string;
  fromEmail: string;
}

export type MailDeliveryStatus = 'QUEUED' | 'SENT' | 'FAILED';

export interface TestMailStatus {
  _id: string;
  status: MailDeliveryStatus;
  attempts: number;
  lastError: string | null;
}

interface DataEnvelope<T> {
  data: T;
}

const root = [ADMIN_KEY_ROOT, 'smtp'] as const;

export const smtpKeys = {
  settings: [...root, 'settings'] as const,
  save: [...root, 'save'] as const,
  sendTest: [...root, 'send-test'] as const,
  testStatus: (messageId: string) => [...root, 'test', messageId] as const,
};

export async function fetchSmtpSettings(signal?: AbortSignal): Promise<SmtpSettings | null> {
  return (await adminHttp.get<DataEnvelope<SmtpSettings | null>>('/admin/smtp/detail/', { signal })).data;
}

export function saveSmtpSettings(body: SmtpSettingsBody) {
  return adminHttp.post<{ message: string; data: SmtpSettings | null }>('/admin/smtp/create/', body);
}

export function sendTestMail(to: string) {
  return adminHttp.post<{ message: string; messageId: string }>('/admin/smtp/test/', { to });
}

export async function fetchTestMailStatus(messageId: string, signal?: AbortSignal): Promise<TestMailStatus> {
  return (
    await adminHttp.get<DataEnvelope<TestMailStatus>>('/admin/smtp/test/', {
      query: { id: messageId },
      signal,
    })
  ).data;
}
