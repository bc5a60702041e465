import { z } from 'zod';

/** Every error response: a message, and for invalid forms each field's problem. */
export const errorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
  /** With code CAPTCHA_REQUIRED: the key to show the reCAPTCHA box with. */
  recaptchaSiteKey: z.string().optional(),
});
