import { z } from 'zod';
import { nameProblem, tidyName } from '../person-name.js';
import { PAKISTAN_CITIES } from './cities.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

// Shared by the sign-up and profile forms and by the api, so both apply the same rules.

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  MALE: 'Male',
  FEMALE: 'Female',
  OTHER: 'Rather Not to say',
};

export const SPONSOR_BRAND = 'Riyazi Sponsor';
export const BOOK_BRAND = 'Riyazi Book';
export const REFERRAL_SOURCES = [
  SPONSOR_BRAND,
  'School',
  BOOK_BRAND,
  'Friend',
  'Other',
  'Facebook',
  'Instagram',
  'YouTube',
  'TikTok',
  'Pinterest',
  'WhatsApp',
  'X',
  'LinkedIn',
] as const;

export const PASSWORD_RULE_TEXT =
  'At least 8 characters. Not your e-mail address, and not a common password like 12345678 or pakistan123.';

/** Pakistani mobile numbers in any usual spelling (+92 300 1234567, 0300-1234567) → 03001234567. */
export function normalizePakistaniMobile(input: string): string | null {
  const digits = input.replace(/[\s\-().]/g, '');
  const match = /^(?:\+92|0092|92|0)?(3\d{9})$/.exec(digits);
  return match ? `0${match[1]}` : null;
}

export function passwordProblem(password: string, email: string): string | null {
  if (password.length < 8) {
    return 'must be at least 8 characters';
  }
  if (password.length > 128) {
    return 'must be at most 128 characters';
  }
  const lower = password.toLowerCase();
  if (email && lower === email.trim().toLowerCase()) {
    return 'must not be your e-mail address';
  }
  if (COMMON_PASSWORDS.has(lower)) {
    return 'is too common: choose something harder to guess';
  }
  return null;
}

/**
 * A name someone types (contracts/person-name.ts): hidden characters refused, spaces tidied, a
 * letter required. Every place a name enters uses it: sign-up, profile, staff edits, staff users.
 */
export const nameField = (max: number) =>
  z
    .string()
    .transform((value, ctx) => {
      const problem = nameProblem(value);
      if (problem) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return tidyName(value);
    })
    .pipe(z.string().max(max, `must be at most ${max} characters`));
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(254)
  .pipe(z.email({ message: 'must be a valid e-mail address' }));
const phoneField = z
  .string()
  .trim()
  .min(1, 'is required')
  .transform((v, ctx) => {
    const phone = normalizePakistaniMobile(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: 'must be a Pakistani mobile number like 03001234567' });
      return z.NEVER;
    }
    return phone;
  });
const cityField = z
  .string()
  .trim()
  .refine((v) => (PAKISTAN_CITIES as readonly string[]).includes(v), 'must be a city from the list');

export const profileFields = {
  fullName: nameField(120),
  fatherName: nameField(120),
  email: emailField,
  phone: phoneField,
  gender: z.enum(GENDERS, { message: 'is required' }),
  city: cityField,
  schoolName: nameField(160),
  gradeId: z.uuid({ message: 'is required' }),
  referralSource: z.enum(REFERRAL_SOURCES, { message: 'is required' }),
};

const passwordField = z
  .string()
  .max(128, 'must be at most 128 characters')
  .superRefine((password, ctx) => {
    const problem = passwordProblem(password, '');
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
    }
  });

const sameAsEmail = (v: { password?: unknown; email?: unknown }) =>
  typeof v.password === 'string' &&
  typeof v.email === 'string' &&
  passwordProblem(v.password, v.email) !== null;

/** A ticked reCAPTCHA box: sign-up with the flag on, or a login the api asked (CAPTCHA_REQUIRED). */
export const recaptchaTokenField = z.string().max(4000).optional();

export const signupSchema = z
  .object({
    ...profileFields,
    password: passwordField,
    acceptTerms: z.literal(true, { message: 'must be accepted to continue' }),
    recaptchaToken: recaptchaTokenField,
  })
  .refine((v) => !sameAsEmail(v), {
    path: ['password'],
    message: 'must not be your e-mail address',
    // Checked even when other fields are wrong, so every problem shows at once.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some((issue) => issue.path?.[0] === 'password' || issue.path?.[0] === 'email'),
  });
export type SignupInput = z.input<typeof signupSchema>;
export type SignupData = z.output<typeof signupSchema>;

/** What a student may change on their own profile; isActive, grade verification etc. are not here. */
export const profileUpdateSchema = z.object(profileFields);
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

export const studentLoginSchema = z.object({
  email: emailField,
  password: z.string().min(1, 'is required').max(256),
  recaptchaToken: recaptchaTokenField,
});

/** The code e-mailed when a login asks for one (LOGIN_CODE_REQUIRED); spaces typed in it are dropped. */
export const loginCodeField = z
  .string()
  .max(20)
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits from the e-mail'));

/** The second step of a login that asked for a code: the same e-mail and password, and the code. */
export const studentLoginCodeSchema = studentLoginSchema.omit({ recaptchaToken: true }).extend({
  code: loginCodeField,
});

export const forgotPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: z.string().max(128),
});
