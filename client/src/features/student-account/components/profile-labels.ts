import { GENDER_LABELS, type StudentProfile } from '@riyazi/api/contracts/accounts';

type Verification = StudentProfile['verification'];

/** The school-document check, in the words the profile page uses. */
export function verificationStatusText({ status, reason }: Verification): string {
  switch (status) {
    case 'NOT_SUBMITTED':
      return 'Not submitted';
    case 'PENDING':
      return 'Waiting for review';
    case 'APPROVED':
      return 'Approved';
    case 'REJECTED':
      return reason === null || reason.trim() === '' ? 'Rejected' : `Rejected: ${reason}`;
  }
}

export function genderText(gender: StudentProfile['gender']): string | null {
  return gender === null ? null : GENDER_LABELS[gender];
}

/** 'Member since' date, written the way Pakistan reads dates (1 September 2024). */
export function joinedText(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'Asia/Karachi',
      });
}
