import { describeSeconds, QUIZ_SORT_DEFAULT, QUIZ_SORTS } from '@riyazi/api/contracts';
import { choiceField, defineListSchema, idField, textField } from '../../../shared/admin-list';
import { formatDateTime } from '../../../shared/format/date-time';
import { QUIZ_KINDS, QUIZ_STATUSES, type QuizRow } from '../api/quizzes-api';

/** The quiz list in the URL; newest first unless a column header says otherwise. */
export const QUIZ_LIST = defineListSchema(
  {
    search: textField(100),
    kind: choiceField(QUIZ_KINDS),
    phaseId: idField,
    gradeId: idField,
    status: choiceField(QUIZ_STATUSES),
  },
  {
    sort: {
      columns: QUIZ_SORTS,
      ...QUIZ_SORT_DEFAULT,
      startsDesc: ['createdAt', 'questions', 'attempts', 'opensAt', 'status'],
    },
  },
);

/** "1 Dec 2026, 09:00 PKT – 10 Dec 2026, 17:00 PKT", "From …", "Until …" or "Always open". */
export function describeWindow(row: Pick<QuizRow, 'opensAt' | 'closesAt'>): string {
  const opens = row.opensAt === null ? null : formatDateTime(row.opensAt);
  const closes = row.closesAt === null ? null : formatDateTime(row.closesAt);
  if (opens && closes) {
    return `${opens} – ${closes}`;
  }
  if (opens) {
    return `From ${opens}`;
  }
  return closes ? `Until ${closes}` : 'Always open';
}

/** "15 × 3 minutes" */
export const describeTiming = (row: Pick<QuizRow, 'questionCount' | 'secondsPerQuestion'>) =>
  `${row.questionCount} × ${describeSeconds(row.secondsPerQuestion)}`;
