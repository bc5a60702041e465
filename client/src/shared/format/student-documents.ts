/** The kinds of verification document a student uploads. */
export const DOCUMENT_KIND_LABELS = {
  SCHOOL_ID: 'School ID card',
  B_FORM: 'B-form',
} as const;

export const isPdf = (document: { contentType: string }) => document.contentType === 'application/pdf';

/** document-<id>.pdf / .jpg, as the api names the file. */
export const documentFileName = (document: { _id: string; contentType: string }) =>
  `document-${document._id}.${isPdf(document) ? 'pdf' : 'jpg'}`;
