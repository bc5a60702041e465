import { z } from 'zod';

export const CONTACT_LIMITS = { nameMax: 120, messageMax: 4000 } as const;
/** Messages one address may send in an hour: a family with a few questions, never a flood. */
export const CONTACT_PER_IP_HOUR = { limit: 5, windowSeconds: 60 * 60 } as const;

export const contactBody = z.object({
  name: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(CONTACT_LIMITS.nameMax, `must be at most ${CONTACT_LIMITS.nameMax} characters`),
  email: z.email({ message: 'must be an e-mail address' }).trim().toLowerCase().max(254),
  message: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(CONTACT_LIMITS.messageMax, `must be at most ${CONTACT_LIMITS.messageMax} characters`),
  recaptchaToken: z.string().max(4000).optional(),
});
export type ContactBody = z.output<typeof contactBody>;

export const contactResponse = z.object({ message: z.string() });
