import type { FieldProblems } from '../../../shared/forms/form-errors';

/** The api's staff password rule; it also refuses the account's own e-mail, which this page does not know. */
export const STAFF_PASSWORD_MIN_LENGTH = 10;
const STAFF_PASSWORD_MAX_LENGTH = 256;

export type NewPasswordField = 'password' | 'confirm';

export function newPasswordProblems(password: string, confirm: string): FieldProblems<NewPasswordField> {
  const problems: FieldProblems<NewPasswordField> = {};
  if (password === '') {
    problems.password = 'Choose a new password.';
  } else if (password.length < STAFF_PASSWORD_MIN_LENGTH) {
    problems.password = `Use at least ${STAFF_PASSWORD_MIN_LENGTH} characters (${password.length} so far).`;
  } else if (password.length > STAFF_PASSWORD_MAX_LENGTH) {
    problems.password = `Use at most ${STAFF_PASSWORD_MAX_LENGTH} characters.`;
  }
  if (confirm === '') {
    problems.confirm = 'Type the new password again.';
  } else if (confirm !== password) {
    problems.confirm = 'The two passwords are different.';
  }
  return problems;
}

/** A server problem for the password field as a sentence: 'must be …' → 'The password must be …'. */
export function serverPasswordProblem(problem: string): string {
  return /^[A-Z]/.test(problem) ? problem : `The password ${problem}`;
}
