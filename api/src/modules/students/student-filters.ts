import { z } from 'zod';
import { PHASE1_TOPPER_CUTS, PHASE2_TOPPER_CUTS } from '../../contracts/students.js';

/**
 * The admin students list filters (spec §3 "Student filters"), shared by the list and the CSV
 * export. Every filter is optional; an empty string counts as absent (the client sends only
 * non-empty ones, but a hand-written URL may not).
 *
 * Semantics:
 * - fullName, fatherName, email, schoolName, shortDescription: case-insensitive "contains".
 * - city, referralSource: case-insensitive equality (both are chosen from fixed option lists).
 * - phone: the digits typed, contained in the stored 03XXXXXXXXX number (so 3001234 matches).
 * - studentId: exact student number; grade: the grade's _id; gender: MALE, FEMALE or OTHER.
 * - isActive, emailVerified, codeEntered (Paid), autoEmailVerified, registeredThroughBulk,
 *   documentUploaded (has at least one uploaded document): 'true' | 'false'.
 * - signedUpFrom / signedUpTo: YYYY-MM-DD, both inclusive, whole days in Pakistan time (UTC+5).
 * - contestAttemptsRemaining: attempts left equal to N.
 * - contestPlayed / practicePlayed: 'true' (at least one play of that kind, cancelled ones not
 *   counted), 'false' (none), or a number N (exactly N such plays).
 * - phase1Toppers (100/150/200) / phase2Toppers (10/20/30): rank ≤ N in phase number 1 / 2, in
 *   the student's grade standings; phase1Rank / phase2Rank: exactly that rank there.
 */
const text = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().min(1).max(max).optional()) as z.ZodType<
    string | undefined
  >;

const flag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false'], { message: "must be 'true' or 'false'" })
    .transform((v) => v === 'true')
    .optional(),
) as z.ZodType<boolean | undefined, unknown>;

const whole = (max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(max).optional()) as z.ZodType<
    number | undefined,
    unknown
  >;

const day = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00+05:00`)), 'must be a date (YYYY-MM-DD)')
    .optional(),
) as z.ZodType<string | undefined, unknown>;

/** 'true' | 'false' → has / has not played; a number → exactly that many plays. */
const played = z.preprocess(
  emptyToUndefined,
  z
    .union([
      z.enum(['true', 'false']).transform((v) => v === 'true'),
      z.coerce.number().int().min(0).max(10_000),
    ])
    .optional(),
) as z.ZodType<boolean | number | undefined, unknown>;

function emptyToUndefined(value: unknown): unknown {
  return value === '' || value === null ? undefined : value;
}

const toppers = (choices: readonly number[]) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int()
      .refine((n) => choices.includes(n), `must be one of ${choices.join(', ')}`)
      .optional(),
  ) as z.ZodType<number | undefined, unknown>;

export const studentFiltersSchema = z.object({
  studentId: whole(Number.MAX_SAFE_INTEGER),
  fullName: text(120),
  fatherName: text(120),
  email: text(254),
  phone: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\+?[\d\s-]{1,15}$/, 'must be digits')
      .transform((v) => v.replace(/\D/g, ''))
      .optional(),
  ) as z.ZodType<string | undefined, unknown>,
  gender: z.preprocess(emptyToUndefined, z.enum(['MALE', 'FEMALE', 'OTHER']).optional()) as z.ZodType<
    'MALE' | 'FEMALE' | 'OTHER' | undefined,
    unknown
  >,
  city: text(80),
  schoolName: text(160),
  grade: z.preprocess(emptyToUndefined, z.uuid({ message: 'must be a grade id' }).optional()) as z.ZodType<
    string | undefined,
    unknown
  >,
  documentUploaded: flag,
  referralSource: text(40),
  isActive: flag,
  emailVerified: flag,
  signedUpFrom: day,
  signedUpTo: day,
  codeEntered: flag,
  contestAttemptsRemaining: whole(1000),
  contestPlayed: played,
  practicePlayed: played,
  phase1Toppers: toppers(PHASE1_TOPPER_CUTS),
  phase2Toppers: toppers(PHASE2_TOPPER_CUTS),
  phase1Rank: whole(10_000_000),
  phase2Rank: whole(10_000_000),
  shortDescription: text(120),
  autoEmailVerified: flag,
  registeredThroughBulk: flag,
});

export type StudentFilters = z.output<typeof studentFiltersSchema>;
export const STUDENT_FILTER_NAMES = Object.keys(studentFiltersSchema.shape) as (keyof StudentFilters)[];

/** True when at least one filter is set (the list can then skip the cheap unfiltered count path). */
export const hasStudentFilters = (filters: StudentFilters): boolean =>
  Object.values(filters).some((v) => v !== undefined);
