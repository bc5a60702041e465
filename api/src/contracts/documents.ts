/** The kinds of identity document a student may upload. */
export type DocumentKind = 'SCHOOL_ID' | 'B_FORM';

/** An uploaded document as the student's account and the verification desk see it. */
export interface StudentDocument {
  _id: string;
  kind: DocumentKind;
  contentType: string;
  sizeBytes: number;
  status: string;
  createdAt: string;
}
