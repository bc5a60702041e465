import {
  QUESTION_IMPORT_MAX_BYTES,
  type QuestionImportPreview,
  type QuestionImportRow,
} from '@riyazi/api/contracts';

import { formatBytes } from '../../../shared/format/bytes';

export { formatBytes };

/** Column names as people read them in the error list. */
const COLUMN_LABELS: Record<string, string> = {
  question: 'Question',
  option1: 'Option A',
  option2: 'Option B',
  option3: 'Option C',
  option4: 'Option D',
  correct: 'Correct',
  selectMultiple: 'Select multiple',
  type: 'Type',
  acceptedAnswers: 'Accepted answers',
  answerHintText: 'Answer hint',
  answerHintVideo: 'Hint video',
  commentsForInternalPurpose: 'Internal comments',
  grade: 'Grade',
  category: 'Category',
  subCategory: 'Sub category',
  phases: 'Phases',
  tags: 'Tags',
  status: 'Status',
};

export const columnLabel = (column: string) => COLUMN_LABELS[column] ?? column;

/** Each problem of a row as "Grade (grade): no grade named …", the column name as in the file. */
export function rowProblems(row: QuestionImportRow): { column: string; label: string; problem: string }[] {
  return Object.entries(row.errors).map(([column, problem]) => ({
    column,
    label: columnLabel(column),
    problem,
  }));
}

export const visibleRows = (preview: QuestionImportPreview, onlyErrors: boolean) =>
  onlyErrors ? preview.rows.filter((row) => !row.ok) : preview.rows;

/** What is wrong with a chosen file before it is sent, or null. */
export function fileProblem(file: { name: string; size: number }): string | null {
  if (file.size === 0) {
    return 'The file is empty.';
  }
  if (file.size > QUESTION_IMPORT_MAX_BYTES) {
    return `The file is ${formatBytes(file.size)}: at most ${formatBytes(QUESTION_IMPORT_MAX_BYTES)}. Split it into smaller files.`;
  }
  return null;
}

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
