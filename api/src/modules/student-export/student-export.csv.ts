import type { StudentStandings } from '#modules/rankings';
import { csvHead, csvLine, phoneCell } from '../../lib/csv.js';
import { pakistanTime } from '../../lib/time.js';
import type { ExportStudentRow } from './student-export-rows.repository.js';

export const STUDENT_CSV_HEADER = [
  'Student No',
  'Name',
  'Father name',
  'Email',
  'Phone',
  'Gender',
  'Grade',
  'City',
  'School',
  'Batch Id',
  'Referral',
  'Paid',
  'Attempts left',
  'Contest plays',
  'Practice plays',
  'Phase 1 rank',
  'Phase 1 score',
  'Phase 2 rank',
  'Phase 2 score',
  'Phase 3 rank',
  'Phase 3 score',
  'Email verified',
  'Active',
  'Signup (PKT)',
  'Payment (PKT)',
] as const;

export const studentCsvHead = () => csvHead(STUDENT_CSV_HEADER);

const GENDERS = { MALE: 'Male', FEMALE: 'Female', OTHER: 'Rather Not to say' } as const;
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const when = (value: Date | string | null) => (value === null ? null : pakistanTime(value));
const score = (value: number) => Math.round(value * 1000) / 1000;

/** One student as a CRLF-terminated CSV line (RFC 4180 quoting, formula-looking text neutralised). */
export function studentCsvLine(row: ExportStudentRow, standings: StudentStandings): string {
  const phase = (n: 1 | 2 | 3) => {
    const s = standings[n];
    return s ? [s.currentRank, score(s.topScore)] : [null, null];
  };
  return csvLine([
    Number(row.studentNo),
    row.fullName,
    row.fatherName,
    row.email,
    phoneCell(row.phone),
    row.gender === null ? null : GENDERS[row.gender],
    row.grade,
    row.city,
    row.schoolName,
    row.shortDescription,
    row.referralSource,
    yesNo(row.codeEntered || row.isPaymentMade),
    row.contestAttempts,
    Number(row.contestPlays),
    Number(row.practicePlays),
    ...phase(1),
    ...phase(2),
    ...phase(3),
    yesNo(row.emailVerified),
    yesNo(row.isActive),
    when(row.createdAt),
    when(row.firstPaidAt),
  ]);
}
