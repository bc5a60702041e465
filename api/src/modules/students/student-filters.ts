import type { Database } from '@riyazi/db';
import { type Expression, expressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (value: string) => `%${escapeLike(value)}%`;

/** Start of a Pakistan-time day (UTC+5 all year, no daylight saving). */
export const pakistanDayStart = (day: string, plusDays = 0): Date =>
  new Date(Date.parse(`${day}T00:00:00+05:00`) + plusDays * 86_400_000);

/**
 * The filters as one condition on the `students` table, referenced by its own name (select from
 * `students` without an alias; joins may add other tables). True when no filter is set.
 */
export function studentFilterCondition(filters: StudentFilters): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'students'>();
  const conditions: Expression<SqlBool>[] = [];
  const f = filters;

  if (f.studentId !== undefined) {
    conditions.push(eb('students.studentNo', '=', f.studentId));
  }
  for (const [column, value] of [
    ['students.fullName', f.fullName],
    ['students.fatherName', f.fatherName],
    ['students.email', f.email],
    ['students.schoolName', f.schoolName],
    ['students.shortDescription', f.shortDescription],
  ] as const) {
    if (value !== undefined) {
      conditions.push(eb(column, 'ilike', contains(value)));
    }
  }
  if (f.phone) {
    conditions.push(eb('students.phone', 'like', contains(f.phone)));
  }
  if (f.city !== undefined) {
    conditions.push(eb(eb.fn('lower', ['students.city']), '=', f.city.toLowerCase()));
  }
  if (f.referralSource !== undefined) {
    conditions.push(eb(eb.fn('lower', ['students.referralSource']), '=', f.referralSource.toLowerCase()));
  }
  if (f.gender !== undefined) {
    conditions.push(eb('students.gender', '=', f.gender));
  }
  if (f.grade !== undefined) {
    conditions.push(eb('students.gradeId', '=', f.grade));
  }
  for (const [column, value] of [
    ['students.isActive', f.isActive],
    ['students.emailVerified', f.emailVerified],
    ['students.codeEntered', f.codeEntered],
    ['students.autoEmailVerified', f.autoEmailVerified],
    ['students.registeredThroughBulk', f.registeredThroughBulk],
  ] as const) {
    if (value !== undefined) {
      conditions.push(eb(column, '=', value));
    }
  }
  if (f.documentUploaded !== undefined) {
    const hasDocument = eb.exists(
      eb
        .selectFrom('studentDocuments')
        .select(sql.lit(1).as('one'))
        .whereRef('studentDocuments.studentId', '=', 'students.id'),
    );
    conditions.push(f.documentUploaded ? hasDocument : eb.not(hasDocument));
  }
  if (f.signedUpFrom !== undefined) {
    conditions.push(eb('students.createdAt', '>=', pakistanDayStart(f.signedUpFrom)));
  }
  if (f.signedUpTo !== undefined) {
    conditions.push(eb('students.createdAt', '<', pakistanDayStart(f.signedUpTo, 1)));
  }
  if (f.contestAttemptsRemaining !== undefined) {
    conditions.push(eb('students.contestAttempts', '=', f.contestAttemptsRemaining));
  }
  for (const [kind, value] of [
    ['CONTEST', f.contestPlayed],
    ['PRACTICE', f.practicePlayed],
  ] as const) {
    if (value === undefined) {
      continue;
    }
    const plays = eb
      .selectFrom('plays')
      .whereRef('plays.studentId', '=', 'students.id')
      .where('plays.kind', '=', kind)
      .where('plays.status', '<>', 'CANCELLED');
    if (typeof value === 'boolean') {
      const any = eb.exists(plays.select(sql.lit(1).as('one')));
      conditions.push(value ? any : eb.not(any));
    } else {
      conditions.push(
        eb(
          plays.select((p) => p.fn.countAll<number>().as('n')),
          '=',
          value,
        ),
      );
    }
  }
  for (const [phaseNumber, op, value] of [
    [1, '<=', f.phase1Toppers],
    [2, '<=', f.phase2Toppers],
    [1, '=', f.phase1Rank],
    [2, '=', f.phase2Rank],
  ] as const) {
    if (value === undefined) {
      continue;
    }
    conditions.push(
      eb.exists(
        eb
          .selectFrom('phaseStandings')
          .innerJoin('phases', 'phases.id', 'phaseStandings.phaseId')
          .select(sql.lit(1).as('one'))
          .whereRef('phaseStandings.studentId', '=', 'students.id')
          .where('phases.number', '=', phaseNumber)
          .where('phaseStandings.rank', op, value),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * Narrows a select on `students` (referenced by its table name, no alias) to the filtered rows.
 * The export streams with the same condition: `applyStudentFilters(db.selectFrom('students')…, f)`.
 */
export function applyStudentFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  filters: StudentFilters,
): SelectQueryBuilder<DB, TB, O> {
  return qb.where(studentFilterCondition(filters));
}

/** True when at least one filter is set (the list can then skip the cheap unfiltered count path). */
export const hasStudentFilters = (filters: StudentFilters): boolean =>
  Object.values(filters).some((v) => v !== undefined);
