import { z } from 'zod';
import { loginCodeField, recaptchaTokenField } from '../../contracts/accounts/schemas.js';
import { ACTIONS, MODULES } from '../../contracts/permissions.js';

export const loginBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(254)
    .pipe(z.email({ message: 'must be a valid e-mail' })),
  password: z.string().min(1, 'is required').max(256),
  recaptchaToken: recaptchaTokenField,
});

/** The second step of a login that asked for the e-mailed code. */
export const loginCodeBody = loginBody.omit({ recaptchaToken: true }).extend({ code: loginCodeField });

const permissionsSchema = z.partialRecord(z.enum(MODULES), z.partialRecord(z.enum(ACTIONS), z.boolean()));

export const authStateSchema = z.object({
  permissions: permissionsSchema,
  role: z.string(),
  isSuperAdmin: z.boolean(),
  username: z.string(),
  email: z.string(),
});

export const loginResponse = authStateSchema.extend({ accessToken: z.string() });
export const refreshResponse = z.object({ accessToken: z.string() });
