import { beforeAll, describe, expect, it } from 'vitest';
import { loadStudentMessages } from '../../../shared/i18n/i18n-store';
import { documentProblem } from './document-upload';

// The student pages' English texts, as their routes load them before rendering.
beforeAll(loadStudentMessages);

describe('document checks before upload', () => {
  it('accept a photo or PDF up to 5 MB', () => {
    expect(documentProblem({ size: 200_000, type: 'image/jpeg' })).toBeNull();
    expect(documentProblem({ size: 5 * 1024 * 1024, type: 'application/pdf' })).toBeNull();
  });

  it('refuse large, empty and other files with a clear reason', () => {
    expect(documentProblem({ size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toMatch(/5 MB/);
    expect(documentProblem({ size: 10, type: 'text/html' })).toMatch(/photo/);
    expect(documentProblem({ size: 0, type: 'image/png' })).toMatch(/empty/);
  });
});
