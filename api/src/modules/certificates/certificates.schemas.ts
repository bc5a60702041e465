import { z } from 'zod';
import {
  CERTIFICATE_KINDS,
  type CertificateRun,
  type PublicCertificate,
  type StudentCertificate,
} from '../../contracts/certificates.js';
import { idOf } from '../../lib/schemas.js';

export const publicCertificateSchema = z.object({
  code: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  name: z.string(),
  grade: z.string(),
  phase: z.string(),
  rank: z.number().nullable(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
});

export const studentCertificateSchema = publicCertificateSchema.extend({
  _id: z.string(),
  languages: z.array(z.enum(['en', 'ur'])),
});

export const certificateRunSchema = z.object({
  _id: z.string(),
  phaseId: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED']),
  progress: z.number(),
  totalRows: z.number().nullable(),
  processedRows: z.number(),
  issued: z.number().nullable(),
  emailed: z.number().nullable(),
  alreadyIssued: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export const codeParams = z.object({ code: z.string().max(40) });
export const phaseBody = z.object({ phaseId: idOf('phase') });
export const phaseQuery = phaseBody;
export const downloadQuery = z.object({ id: idOf('certificate'), lang: z.enum(['en', 'ur']).default('en') });
export const runStartedSchema = z.object({ jobId: z.string(), message: z.string() });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const samePublic: Same<z.output<typeof publicCertificateSchema>, PublicCertificate> = true;
const sameStudent: Same<z.output<typeof studentCertificateSchema>, StudentCertificate> = true;
const sameRun: Same<z.output<typeof certificateRunSchema>, CertificateRun> = true;
void [samePublic, sameStudent, sameRun];
