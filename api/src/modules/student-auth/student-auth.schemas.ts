import { z } from 'zod';

export {
  forgotPasswordSchema,
  resetPasswordSchema,
  signupSchema,
  studentLoginCodeSchema,
  studentLoginSchema,
} from '../../contracts/accounts/schemas.js';

export const sessionSchema = z.object({
  username: z.string(),
  email: z.string(),
  gradeTitle: z.string().nullable(),
  gradeId: z.string().nullable(),
  studentId: z.number(),
  isAttemptEarned: z.boolean(),
  isProfileCompleted: z.boolean(),
  emailVerified: z.boolean(),
  language: z.enum(['en', 'ur']),
});
export const loginResponse = sessionSchema.extend({ accessToken: z.string() });
export const messageResponse = z.object({ message: z.string() });
export const verifyEmailBody = z.object({ token: z.string().min(20).max(200) });
export const verifyEmailResponse = z.object({
  message: z.string(),
  status: z.enum(['verified', 'alreadyVerified']),
});
export const signupResponse = z.object({ message: z.string(), emailVerificationRequired: z.boolean() });
export const signupConfigResponse = z.object({ recaptchaSiteKey: z.string().nullable() });
