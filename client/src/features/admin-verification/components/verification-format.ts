import type { DocumentKind, StudentDocument } from '../api/verification-api';

export { formatBytes } from '../../../shared/format/bytes';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | null): string {
  return iso === null ? '—' : dateTime.format(new Date(iso));
}

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  SCHOOL_ID: 'School ID card',
  B_FORM: 'B-form',
};

export const isPdf = (document: Pick<StudentDocument, 'contentType'>) =>
  document.contentType === 'application/pdf';

/** document-<id>.pdf / .jpg, as the api names the file. */
export function documentFileName(document: Pick<StudentDocument, '_id' | 'contentType'>): string {
  return `document-${document._id}.${isPdf(document) ? 'pdf' : 'jpg'}`;
}

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
