/** Spreadsheet import of questions: limits and the answers of /question/import/preview and /commit. */
export const QUESTION_IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const QUESTION_IMPORT_MAX_ROWS = 1000;

export interface QuestionImportRow {
  /** As the spreadsheet shows it: the header is row 1. */
  rowNumber: number;
  /** The question as plain text, maths as its LaTeX source. */
  preview: string;
  /** The same with formulas kept as `span.math-inline` for KaTeX (text escaped, nothing else). */
  previewHtml: string;
  ok: boolean;
  /** Problem per column, e.g. { grade: 'no grade named "Grade 12"' }. */
  errors: Record<string, string>;
}

export interface QuestionImportPreview {
  rows: QuestionImportRow[];
  total: number;
  valid: number;
  invalid: number;
}

export interface QuestionImportResult {
  created: number;
  questionNos: number[];
}
