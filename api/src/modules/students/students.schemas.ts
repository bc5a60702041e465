import { z } from 'zod';
import { emailField, nameField, passwordProblem } from '../../contracts/accounts/index.js';
import { STUDENT_SORT_DEFAULT, STUDENT_SORTS } from '../../contracts/list-sort.js';
import { limitParam, pageParam, sortParams } from '../../lib/schemas.js';
import { studentFiltersSchema } from './student-filters.js';

export const idQuery = z.object({ id: z.uuid({ message: 'must be an id' }) });

export const listStudentsQuery = studentFiltersSchema.extend({
  page: pageParam,
  limit: limitParam(200, 50),
  ...sortParams(STUDENT_SORTS, STUDENT_SORT_DEFAULT),
});
export type ListStudentsQuery = z.output<typeof listStudentsQuery>;

const fullName = nameField(120);
const password = z.string().max(128, 'must be at most 128 characters');
/** The status switch sends isActive as the string 'true' or 'false' (spec §7); the form, a boolean. */
const isActive = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/** Sign-up's password rules (contracts/accounts), including "not the e-mail address". */
const passwordRules = (v: { password?: string; email?: string }, ctx: z.RefinementCtx) => {
  if (v.password === undefined) {
    return;
  }
  const problem = passwordProblem(v.password, v.email ?? '');
  if (problem) {
    ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  }
};

export const createStudentBody = z
  .object({ fullName, email: emailField, password, isActive: isActive.default(true) })
  .superRefine(passwordRules);
export type CreateStudentBody = z.output<typeof createStudentBody>;

/** The edit form (spec §3): every field optional; an empty password keeps the current one. */
export const updateStudentBody = z
  .object({
    fullName: fullName.optional(),
    email: emailField.optional(),
    password: z.preprocess((v) => (v === '' ? undefined : v), password.optional()),
    isActive: isActive.optional(),
  })
  .superRefine(passwordRules);
export type UpdateStudentBody = z.output<typeof updateStudentBody>;

const standing = z.object({ topScore: z.number(), currentRank: z.number() }).nullable();

export const studentRowSchema = z.object({
  _id: z.string(),
  studentId: z.number(),
  fullName: z.string(),
  shortDescription: z.string().nullable(),
  email: z.string(),
  city: z.string().nullable(),
  grade: z.object({ _id: z.string(), title: z.string() }).nullable(),
  emailVerified: z.boolean(),
  schoolName: z.string().nullable(),
  phone: z.string().nullable(),
  contestCount: z.number(),
  practiceCount: z.number(),
  createdAt: z.string(),
  contestAttempts: z.object({ count: z.number(), createdAt: z.string().nullable() }),
  codeEntered: z.boolean(),
  rankAndScorePhase1: standing,
  rankAndScorePhase2: standing,
  rankAndScorePhase3: standing,
  isActive: z.boolean(),
});

export const studentListResponse = z.object({
  data: z.array(studentRowSchema),
  addWinner: z.boolean(),
  phaseId: z.string().nullable(),
  phaseName: z.string().nullable(),
  phaseWinnerIds: z.array(z.string()),
  phasePlayedIds: z.array(z.string()),
  gradeList: z.array(z.object({ _id: z.string(), title: z.string() })),
  totalStudents: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
});

export const studentResponse = z.object({ message: z.string(), data: studentRowSchema });
export const deleteResponse = z.object({ message: z.string(), anonymised: z.boolean() });

export const grantAttemptsBody = z.object({
  studentId: z.uuid({ message: 'must be a student id' }),
  attempts: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(-10, 'at least -10')
    .max(10, 'at most 10')
    .refine((n) => n !== 0, 'must not be 0'),
  reason: z.string({ message: 'is required' }).trim().min(3, 'say why (at least 3 characters)').max(300),
});
export type GrantAttemptsBody = z.output<typeof grantAttemptsBody>;
export const grantAttemptsResponse = z.object({ contestAttempts: z.number() });
