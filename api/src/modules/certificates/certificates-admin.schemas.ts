import { z } from 'zod';
import {
  type AdminCertificate,
  type AdminCertificatePage,
  CERTIFICATE_KINDS,
  CERTIFICATE_REASON_MAX,
  CERTIFICATE_STATUSES,
} from '../../contracts/certificates.js';
import { idOf, limitParam, pageParam } from '../../lib/schemas.js';

export const certificateListQuery = z.object({
  phaseId: idOf('phase').optional(),
  studentId: idOf('student').optional(),
  status: z
    .enum(CERTIFICATE_STATUSES, { message: `must be one of ${CERTIFICATE_STATUSES.join(', ')}` })
    .optional(),
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  page: pageParam,
  limit: limitParam(100, 20),
});
export type CertificateListQuery = z.output<typeof certificateListQuery>;

export const certificateIdParams = z.object({ id: idOf('certificate') });
export const adminDownloadQuery = z.object({ lang: z.enum(['en', 'ur']).default('en') });

export const reasonBody = z.object({
  reason: z
    .string({ message: 'is required' })
    .trim()
    .min(1, 'is required')
    .max(CERTIFICATE_REASON_MAX, `must be at most ${CERTIFICATE_REASON_MAX} characters`),
});

export const adminCertificateSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  rank: z.number().nullable(),
  name: z.string(),
  student: z.object({ _id: z.string(), studentNo: z.number(), fullName: z.string() }),
  grade: z.object({ _id: z.string(), title: z.string() }),
  phase: z.object({ _id: z.string(), name: z.string() }),
  issuedAt: z.string(),
  languages: z.array(z.enum(['en', 'ur'])),
  revokedAt: z.string().nullable(),
  revokedReason: z.string().nullable(),
  revokedBy: z.string().nullable(),
  replacesId: z.string().nullable(),
});

export const certificateListResponse = z.object({
  data: z.array(adminCertificateSchema),
  total: z.number(),
  currentPage: z.number(),
  totalPages: z.number(),
  itemsPerPage: z.number(),
  options: z.object({ phases: z.array(z.object({ _id: z.string(), name: z.string() })) }),
});

export const certificateChangeResponse = z.object({ message: z.string(), data: adminCertificateSchema });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameAdmin: Same<z.output<typeof adminCertificateSchema>, AdminCertificate> = true;
const samePage: Same<z.output<typeof certificateListResponse>, AdminCertificatePage> = true;
void [sameAdmin, samePage];
