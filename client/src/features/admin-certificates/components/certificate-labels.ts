import type { AdminCertificate, CertificateKind, CertificateStatus } from '@riyazi/api/contracts';
import { formatDateTime } from '../../../shared/format/date-time';

export const KIND_LABELS: Record<CertificateKind, string> = {
  PARTICIPANT: 'Participation',
  QUALIFIER: 'Qualification',
  WINNER: 'Winner',
};

export const STATUS_LABELS: Record<CertificateStatus, string> = { ACTIVE: 'Valid', REVOKED: 'Revoked' };

export const kindText = (cert: AdminCertificate) =>
  `${KIND_LABELS[cert.kind]}${cert.rank === null ? '' : ` · rank ${cert.rank}`}`;

/** "Revoked 7 Dec 2026, 18:40 PKT by Admin", or by the app. */
export const revokedText = (cert: AdminCertificate) =>
  cert.revokedAt === null
    ? ''
    : `Revoked ${formatDateTime(cert.revokedAt)} ${cert.revokedBy === null ? 'automatically' : `by ${cert.revokedBy}`}`;
