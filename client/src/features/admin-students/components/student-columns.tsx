import type { StudentSort } from '@riyazi/api/contracts';
import type { ReactNode } from 'react';
import type { Column, OptionalColumn } from '../../../shared/admin-list';
import type { StudentListRow } from '../api/students-api';

const standing = (s: StudentListRow['rankAndScorePhase1']) =>
  s === null ? '—' : `#${s.currentRank} · ${s.topScore.toFixed(2)}`;

export type StudentColumnKey =
  | 'grade'
  | 'city'
  | 'verified'
  | 'paid'
  | 'attempts'
  | 'plays'
  | 'standing'
  | 'signup'
  | 'payment';

interface StudentColumn extends OptionalColumn<StudentColumnKey> {
  sort?: StudentSort;
  className?: string;
  cell: (row: StudentListRow) => ReactNode;
}

/**
 * The columns between the student and the status, which an admin picks: by default the few that fit
 * a 1366 px screen beside the row's actions. `when` shows a time as the page does.
 */
export const studentColumns = (when: (iso: string | null) => string): readonly StudentColumn[] => [
  {
    key: 'grade',
    label: 'Grade / Batch Id',
    byDefault: true,
    sort: 'grade',
    cell: (row) => (
      <span className="st-table__who">
        <span>{row.grade?.title ?? '—'}</span>
        <span className="muted">{row.shortDescription ?? ''}</span>
      </span>
    ),
  },
  {
    key: 'city',
    label: 'City / school',
    byDefault: false,
    className: 'st-table__wrap',
    cell: (row) => (
      <span className="st-table__who">
        <span>{row.city ?? '—'}</span>
        <span className="muted">{row.schoolName ?? ''}</span>
      </span>
    ),
  },
  { key: 'verified', label: 'Verified', byDefault: false, cell: (row) => (row.emailVerified ? 'Yes' : 'No') },
  {
    key: 'paid',
    label: 'Paid',
    byDefault: true,
    sort: 'codeEntered',
    cell: (row) => (row.codeEntered ? 'Yes' : 'No'),
  },
  {
    key: 'attempts',
    label: 'Attempts',
    byDefault: true,
    sort: 'contestAttempts',
    cell: (row) => row.contestAttempts.count,
  },
  {
    key: 'plays',
    label: 'Contest / practice',
    byDefault: false,
    cell: (row) => `${row.contestCount} / ${row.practiceCount}`,
  },
  {
    key: 'standing',
    label: 'Rank · score',
    byDefault: false,
    cell: (row) => (
      <span className="st-table__who">
        <span>P1 {standing(row.rankAndScorePhase1)}</span>
        <span>P2 {standing(row.rankAndScorePhase2)}</span>
        <span>P3 {standing(row.rankAndScorePhase3)}</span>
      </span>
    ),
  },
  {
    key: 'signup',
    label: 'Signup',
    byDefault: false,
    sort: 'createdAt',
    className: 'st-table__date',
    cell: (row) => when(row.createdAt),
  },
  {
    key: 'payment',
    label: 'Payment',
    byDefault: false,
    className: 'st-table__date',
    cell: (row) => when(row.contestAttempts.createdAt),
  },
];

/** The table's headers: the student first, the picked columns, then the status. */
export const headersOf = (shown: readonly StudentColumn[]): Column[] => [
  { label: 'ID', sort: 'studentId' },
  { label: 'Student', sort: 'fullName' },
  ...shown.map(({ label, sort }) => ({ label, sort })),
  'Status',
];

/** The picked columns' cells of one row. */
export const cellsOf = (shown: readonly StudentColumn[], row: StudentListRow) =>
  shown.map((column) => (
    <td key={column.key} data-label={column.label} className={column.className}>
      {column.cell(row)}
    </td>
  ));
