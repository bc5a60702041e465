import { z } from 'zod';

const host = z
  .string()
  .trim()
  .min(1, 'is required')
  .max(253)
  .regex(/^[a-zA-Z0-9.-]+$/, 'must be a host name or IP address');

export const smtpSettingsBody = z.object({
  host,
  port: z.coerce.number().int().min(1).max(65535),
  secure: z.boolean().default(false),
  username: z.string().trim().max(254).optional(),
  /** Empty or absent keeps the stored password. */
  password: z.string().max(512).optional(),
  fromName: z.string().trim().min(1, 'is required').max(120),
  fromEmail: z
    .string()
    .trim()
    .pipe(z.email({ message: 'must be a valid e-mail address' })),
});
export type SmtpSettingsBody = z.output<typeof smtpSettingsBody>;

export const smtpSettingsView = z.object({
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  username: z.string().nullable(),
  hasPassword: z.boolean(),
  fromName: z.string(),
  fromEmail: z.string(),
  updatedAt: z.string(),
});

export const testMailBody = z.object({
  to: z
    .string()
    .trim()
    .pipe(z.email({ message: 'must be a valid e-mail address' })),
});
export const testMailQuery = z.object({ id: z.uuid() });
export const mailStatus = z.object({
  _id: z.string(),
  status: z.enum(['QUEUED', 'SENT', 'FAILED']),
  attempts: z.number(),
  lastError: z.string().nullable(),
});
