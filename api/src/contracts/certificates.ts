// Certificates (#21): shapes shared by api, workers and client; keep it dependency-free.

export const CERTIFICATE_KINDS = ['PARTICIPANT', 'QUALIFIER', 'WINNER'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];
export type CertificateLanguage = 'en' | 'ur';

/** Crockford base32 without I, L, O, U: what a certificate code is made of (10 characters). */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CERTIFICATE_CODE_LENGTH = 10;

/** A typed code as stored: upper case, O→0, I/L→1, spaces and dashes dropped; null when not a code. */
export function normalizeCertificateCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  const valid =
    code.length === CERTIFICATE_CODE_LENGTH && [...code].every((c) => CERTIFICATE_CODE_ALPHABET.includes(c));
  return valid ? code : null;
}

/** The public verification page's path for a code (the QR code links here). */
export const certificatePath = (code: string) => `/certificates/${code}`;

/** GET /api/certificates/verify/:code — only what the certificate itself prints. */
export interface PublicCertificate {
  code: string;
  kind: CertificateKind;
  name: string;
  grade: string;
  phase: string;
  rank: number | null;
  issuedAt: string;
  /** When staff or the app revoked it (the page then says so instead of "genuine"); null while it holds. */
  revokedAt: string | null;
}

/** GET /api/student/certificates — the signed-in student's own certificates. */
export interface StudentCertificate extends PublicCertificate {
  _id: string;
  languages: CertificateLanguage[];
}

/** A phase-wide certificate run (a background_jobs row of kind CERTIFICATE_RUN). */
export interface CertificateRun {
  _id: string;
  phaseId: string;
  status: 'QUEUED' | 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED';
  progress: number;
  totalRows: number | null;
  processedRows: number;
  /** Issued by this run; `emailed` by it; `alreadyIssued`: the phase's certificates made before it (null until it succeeds). */
  issued: number | null;
  emailed: number | null;
  alreadyIssued: number | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface CertificateRunStarted {
  jobId: string;
  message: string;
}

export const CERTIFICATE_STATUSES = ['ACTIVE', 'REVOKED'] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const CERTIFICATE_REASON_MAX = 500;

/** GET /api/admin/certificates — one certificate in the back office (certificate:read). */
export interface AdminCertificate {
  _id: string;
  code: string;
  kind: CertificateKind;
  rank: number | null;
  /** The name printed on it (frozen at issue). */
  name: string;
  student: { _id: string; studentNo: number; fullName: string };
  grade: { _id: string; title: string };
  phase: { _id: string; name: string };
  issuedAt: string;
  languages: CertificateLanguage[];
  revokedAt: string | null;
  revokedReason: string | null;
  /** The staff member who revoked it; null when the app did (disqualification, winner removed). */
  revokedBy: string | null;
  /** The certificate this one re-issues. */
  replacesId: string | null;
}

/** GET /api/admin/certificates — a page of certificates and the phases to filter by. */
export interface AdminCertificatePage {
  data: AdminCertificate[];
  total: number;
  currentPage: number;
  totalPages: number;
  itemsPerPage: number;
  options: { phases: { _id: string; name: string }[] };
}
