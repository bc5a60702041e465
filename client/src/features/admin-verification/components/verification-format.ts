import type { StudentDocument } from '../api/verification-api';

export { formatBytes } from '../../../shared/format/bytes';
export { formatDateTime } from '../../../shared/format/date-time';
export { DOCUMENT_KIND_LABELS, documentFileName, isPdf } from '../../../shared/format/student-documents';

/** The document a decision applies to: the newest one that has not been replaced. */
export function currentDocument<D extends Pick<StudentDocument, 'status' | 'createdAt'>>(
  documents: readonly D[],
): D | null {
  return (
    [...documents]
      .filter((d) => d.status !== 'REPLACED')
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0] ?? null
  );
}
