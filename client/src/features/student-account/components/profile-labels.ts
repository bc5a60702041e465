import type { StudentProfile } from '@riyazi/api/contracts/accounts';
import { formatStudentDate } from '../../../shared/format/student-dates';
import { type Language, translate } from '../../../shared/i18n';

type Verification = StudentProfile['verification'];

/** The school-document check, in the words the profile page uses. */
export function verificationStatusText({ status, reason }: Verification): string {
  if (status === 'REJECTED' && reason !== null && reason.trim() !== '') {
    // The reviewer's reason is shown as they wrote it.
    return translate('account.verification.rejectedBecause', { reason });
  }
  return translate(`account.verification.${status}`);
}

export function genderText(gender: StudentProfile['gender']): string | null {
  return gender === null ? null : translate(`account.gender.${gender}`);
}

/** 'Member since' date, written the way Pakistan reads dates (1 September 2024). */
export function joinedText(createdAt: string, language: Language = 'en'): string {
  return formatStudentDate(createdAt, language);
}
