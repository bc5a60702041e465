import type { QuestionImportPreview } from '@riyazi/api/contracts';
import { describe, expect, it } from 'vitest';
import { fileProblem, formatBytes, plural, rowProblems, visibleRows } from './import-view';

const preview: QuestionImportPreview = {
  rows: [
    { rowNumber: 2, preview: 'One', previewHtml: 'One', ok: true, errors: {} },
    {
      rowNumber: 3,
      preview: 'Two',
      previewHtml: 'Two',
      ok: false,
      errors: { grade: 'no grade named "Grade 12"', option3: 'needs text' },
    },
  ],
  total: 2,
  valid: 1,
  invalid: 1,
};

describe('import view helpers', () => {
  it('filters to the rows with errors', () => {
    expect(visibleRows(preview, false)).toHaveLength(2);
    expect(visibleRows(preview, true).map((r) => r.rowNumber)).toEqual([3]);
  });

  it('labels each problem by its column', () => {
    expect(rowProblems(preview.rows[1]!)).toEqual([
      { column: 'grade', label: 'Grade', problem: 'no grade named "Grade 12"' },
      { column: 'option3', label: 'Option C', problem: 'needs text' },
    ]);
  });

  it('refuses empty and too large files before sending them', () => {
    expect(fileProblem({ name: 'a.csv', size: 0 })).toBe('The file is empty.');
    expect(fileProblem({ name: 'a.csv', size: 3 * 1024 * 1024 })).toBe(
      'The file is 3.0 MB: at most 2.0 MB. Split it into smaller files.',
    );
    expect(fileProblem({ name: 'a.csv', size: 2048 })).toBeNull();
  });

  it('formats sizes and counts', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(plural(1, 'question', 'questions')).toBe('1 question');
    expect(plural(3, 'question', 'questions')).toBe('3 questions');
  });
});
