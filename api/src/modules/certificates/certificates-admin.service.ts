import { contestNotYet } from '#modules/phases';
import type { AppContext } from '../../context.js';
import type { AdminCertificate, CertificateLanguage } from '../../contracts/certificates.js';
import { DEFAULT_JOB_OPTIONS } from '../../contracts/jobs.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import type { Trx } from '../../lib/db.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/paging.js';
import { enqueue } from '../../queue/queues.js';
import * as repo from './certificates-admin.repository.js';
import type { CertificateListQuery } from './certificates-admin.schemas.js';

const iso = (at: Date | string) => new Date(at).toISOString();

function toAdmin(row: repo.AdminCertificateRow): AdminCertificate {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    rank: row.rank,
    name: row.printedName,
    student: { _id: row.studentId, studentNo: Number(row.studentNo), fullName: row.fullName },
    grade: { _id: row.gradeId, title: row.gradeTitle },
    phase: { _id: row.phaseId, name: row.phaseName },
    issuedAt: iso(row.issuedAt),
    languages: [row.fileKeyEn ? 'en' : null, row.fileKeyUr ? 'ur' : null].filter(
      (l): l is CertificateLanguage => l !== null,
    ),
    revokedAt: row.revokedAt === null ? null : iso(row.revokedAt),
    revokedReason: row.revokedReason,
    revokedBy: row.revokedByName,
    replacesId: row.replacesId,
  };
}

/** Certificates by phase, student, status and search, newest first, in the admin list envelope. */
export async function listCertificates(db: AppContext['db'], query: CertificateListQuery) {
  const { page, limit, ...filter } = query;
  const [found, phases] = await Promise.all([
    pageOf(
      { page, limit },
      (l, offset) => repo.listCertificates(db, filter, l, offset),
      () => repo.countCertificates(db, filter),
      toAdmin,
    ),
    repo.listPhaseOptions(db),
  ]);
  return { ...found, options: { phases: phases.map((p) => ({ _id: p.id, name: p.name })) } };
}

async function adminCertificate(db: AppContext['db'], id: string) {
  const row = await repo.findAdminCertificate(db, id);
  if (!row) {
    throw notFound('Certificate not found');
  }
  return toAdmin(row);
}

/** The PDF exactly as the student gets it (revoked ones too: staff may need to see what was handed out). */
export async function adminDownload(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  id: string,
  lang: CertificateLanguage,
) {
  const row = await repo.findAdminCertificate(ctx.db, id);
  if (!row) {
    throw notFound('Certificate not found');
  }
  const key = lang === 'en' ? row.fileKeyEn : row.fileKeyUr;
  const file = key ? await ctx.storage.get(key) : null;
  if (!file) {
    throw conflict('This certificate has not been drawn yet. Please try again in a minute.');
  }
  return { stream: file.body, size: file.size, filename: `riyazi-certificate-${row.code}-${lang}.pdf` };
}

/** Revokes a certificate with a reason, audited; the public page then says it was revoked and when. */
export async function revokeCertificate(
  db: AppContext['db'],
  actor: Actor,
  id: string,
  reason: string,
): Promise<{ message: string; data: AdminCertificate }> {
  await db.transaction().execute(async (trx) => {
    const cert = await repo.lockCertificate(trx, id);
    if (!cert) {
      throw notFound('Certificate not found');
    }
    if (cert.revokedAt !== null) {
      throw conflict(`Certificate ${cert.code} is already revoked.`);
    }
    await repo.revoke(trx, id, reason, actor.id);
    await audit(trx, actor, 'certificate.revoke', 'certificate', id, {
      code: cert.code,
      kind: cert.kind,
      studentId: cert.studentId,
      phaseId: cert.phaseId,
      reason,
    });
  });
  const data = await adminCertificate(db, id);
  return { message: `Certificate ${data.code} revoked.`, data };
}

/**
 * Re-issues a certificate under a new code (revoking it first if it still holds), audited; the new
 * one's files are drawn and e-mailed by the exports worker. Refused while the phase's results are
 * not released, and when the student already holds another certificate of that level.
 */
export async function reissueCertificate(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config'>,
  actor: Actor,
  id: string,
  reason: string,
): Promise<{ message: string; data: AdminCertificate }> {
  const existing = await repo.findAdminCertificate(ctx.db, id);
  if (!existing) {
    throw notFound('Certificate not found');
  }
  const notYet = await contestNotYet(ctx.db, existing.phaseId, 'RELEASED', 'issue its certificates');
  if (notYet) {
    throw conflict(notYet);
  }
  const newId = await ctx.db.transaction().execute(async (trx) => {
    const cert = await repo.lockCertificate(trx, id);
    if (!cert) {
      throw notFound('Certificate not found');
    }
    if (cert.revokedAt === null) {
      await repo.revoke(trx, id, reason, actor.id);
    }
    const held = await repo.findHeld(trx, cert);
    if (held) {
      throw conflict(`The student already holds certificate ${held.code} of this level in this phase.`);
    }
    const created = await insertWithFreshCode(trx, id);
    await audit(trx, actor, 'certificate.reissue', 'certificate', id, {
      code: cert.code,
      newId: created.id,
      newCode: created.code,
      kind: cert.kind,
      studentId: cert.studentId,
      phaseId: cert.phaseId,
      reason,
      ...(cert.revokedAt === null ? { revoked: true } : {}),
    });
    return created.id;
  });
  await enqueue(
    ctx.queues,
    'exports',
    'certificate.draw',
    { certificateId: newId, publicUrl: ctx.config.PUBLIC_URL },
    { ...DEFAULT_JOB_OPTIONS, jobId: `certificate-draw-${newId}` },
  );
  const data = await adminCertificate(ctx.db, newId);
  return { message: `Certificate re-issued as ${data.code}; its PDF is being drawn.`, data };
}

async function insertWithFreshCode(trx: Trx, id: string) {
  // A new code collides with one of 2^50 only by a miracle: a second try is plenty.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const created = await repo.insertReissue(trx, id);
    if (created) {
      return created;
    }
  }
  throw conflict('The certificate could not be re-issued. Please try again.');
}

/** Why the app revokes: the disqualification or winner removal that took the certificate's ground. */
export type RevocationCause = 'disqualification' | 'winnerRemoved';
const CAUSES: Record<RevocationCause, string> = {
  disqualification: 'Revoked automatically: the contest play was disqualified.',
  winnerRemoved: 'Revoked automatically: the winner place was removed.',
};

/**
 * In the caller's transaction, after a disqualification or a winner removal: revokes the student's
 * certificates of the phase that are no longer earned, each audited under the acting staff member.
 */
export async function revokeUnearnedCertificates(
  trx: Trx,
  actor: Actor,
  change: { studentId: string; phaseId: string; cause: RevocationCause },
) {
  const revoked = await repo.revokeUnearned(trx, change.studentId, change.phaseId, CAUSES[change.cause]);
  for (const cert of revoked) {
    await audit(trx, actor, 'certificate.revoke', 'certificate', cert.id, {
      code: cert.code,
      kind: cert.kind,
      studentId: change.studentId,
      phaseId: change.phaseId,
      automatic: true,
      cause: change.cause,
    });
  }
  return revoked.map((c) => c.code);
}
