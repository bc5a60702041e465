import {
  profileUpdateSchema,
  type SignupData,
  type StudentProfile,
  signupSchema,
} from '@riyazi/api/contracts/accounts';
import {
  type FieldProblems,
  problemsByField,
  splitServerProblems,
  type ValidationIssue,
} from '../../../shared/forms/form-errors';
import { problemText } from '../../../shared/forms/problem-text';
import { type MessageKey, translate } from '../../../shared/i18n';
import type { GradeOption } from '../api/account-api';

/** The student's details, in the order the forms show them. */
export const DETAIL_FIELDS = [
  'fullName',
  'fatherName',
  'email',
  'phone',
  'gender',
  'city',
  'schoolName',
  'gradeId',
  'referralSource',
] as const;
export type DetailField = (typeof DETAIL_FIELDS)[number];
export type DetailValues = Record<DetailField, string>;

/** Sign-up fields in page order: the first invalid one gets the focus. */
export const SIGNUP_FIELDS = [
  'fullName',
  'fatherName',
  'email',
  'password',
  'phone',
  'gender',
  'city',
  'schoolName',
  'gradeId',
  'referralSource',
  'acceptTerms',
  'recaptchaToken',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];
export type SignupValues = DetailValues & { password: string; acceptTerms: boolean };

export const EMPTY_DETAILS: DetailValues = {
  fullName: '',
  fatherName: '',
  email: '',
  phone: '',
  gender: '',
  city: '',
  schoolName: '',
  gradeId: '',
  referralSource: '',
};

/** Choices say what to do rather than 'X is required'. */
const CHOOSE: Partial<Record<SignupField, MessageKey>> = {
  gender: 'account.choose.gender',
  city: 'account.choose.city',
  gradeId: 'account.choose.gradeId',
  referralSource: 'account.choose.referralSource',
  acceptTerms: 'account.choose.acceptTerms',
  recaptchaToken: 'account.choose.recaptchaToken',
};

/** The sentence shown under a field for a problem phrase from the schema or the server, in the child's language. */
export function describeProblem(field: SignupField, problem: string): string {
  const choose = CHOOSE[field];
  if (choose !== undefined && (problem === 'is required' || field === 'acceptTerms')) {
    return translate(choose);
  }
  return problemText(translate(`account.subject.${field}`), problem);
}

/** The server's `errors` of a 400, worded for the fields of this form; problems of other fields are dropped. */
export function describeServerProblems<F extends SignupField>(
  fieldErrors: Readonly<Record<string, string>>,
  fields: readonly F[],
): FieldProblems<F> {
  const { problems } = splitServerProblems(fieldErrors, fields);
  const described: FieldProblems<F> = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem !== undefined) {
      described[field] = describeProblem(field, problem);
    }
  }
  return described;
}

function describeIssues<F extends SignupField>(
  issues: readonly ValidationIssue[],
  fields: readonly F[],
  values: Partial<Record<F, unknown>>,
): FieldProblems<F> {
  const problems = problemsByField(issues, fields);
  const described: FieldProblems<F> = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem !== undefined) {
      const value = values[field];
      // An empty field is missing, whatever rule it then fails (the list, the length of a password).
      const blank = typeof value === 'string' && value.trim() === '';
      described[field] = describeProblem(field, blank ? 'is required' : problem);
    }
  }
  return described;
}

/** A form's values checked against its schema: the parsed data, or each field's problem. */
export type FormCheck<D, F extends string> =
  | { ok: true; data: D; problems: FieldProblems<F> }
  | { ok: false; problems: FieldProblems<F> };

interface FormSchema<D> {
  safeParse(
    values: unknown,
  ): { success: true; data: D } | { success: false; error: { issues: readonly ValidationIssue[] } };
}

function checkWith<D, F extends SignupField>(
  schema: FormSchema<D>,
  fields: readonly F[],
  values: Partial<Record<F, unknown>>,
): FormCheck<D, F> {
  const result = schema.safeParse(values);
  if (result.success) {
    return { ok: true, data: result.data, problems: {} };
  }
  return { ok: false, problems: describeIssues(result.error.issues, fields, values) };
}

export type SignupCheck = FormCheck<SignupData, SignupField>;

/** The same rules as the server (one shared schema); the reCAPTCHA token is checked by the page. */
export const checkSignup = (values: SignupValues): SignupCheck =>
  checkWith(signupSchema, SIGNUP_FIELDS, values);

export type ProfileCheck = FormCheck<ReturnType<typeof profileUpdateSchema.parse>, DetailField>;

export const checkProfile = (values: DetailValues): ProfileCheck =>
  checkWith(profileUpdateSchema, DETAIL_FIELDS, values);

/** The edit form starts from the saved profile; a missing value is an empty field. */
export function profileToValues(profile: StudentProfile): DetailValues {
  return {
    fullName: profile.fullName,
    fatherName: profile.fatherName ?? '',
    email: profile.email,
    phone: profile.phone ?? '',
    gender: profile.gender ?? '',
    city: profile.city ?? '',
    schoolName: profile.schoolName ?? '',
    gradeId: profile.grade?._id ?? '',
    referralSource: profile.referralSource ?? '',
  };
}

/** Active grades, plus the student's own grade if it is no longer offered, so the form does not lose it. */
export function gradeChoices(options: readonly GradeOption[], current: GradeOption | null): GradeOption[] {
  if (current === null || options.some((option) => option._id === current._id)) {
    return [...options];
  }
  return [...options, current];
}
