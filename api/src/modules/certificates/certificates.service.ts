import { contestNotYet } from '#modules/phases';
import type { Redis } from 'ioredis';
import type { AppContext } from '../../context.js';
import {
  type CertificateLanguage,
  type CertificateRun,
  type CertificateRunStarted,
  normalizeCertificateCode,
  type PublicCertificate,
  type StudentCertificate,
} from '../../contracts/certificates.js';
import { DEFAULT_JOB_OPTIONS } from '../../contracts/jobs.js';
import { cleanName } from '../../contracts/person-name.js';
import type { StaffActor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound, tooManyRequests } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { enqueue } from '../../queue/queues.js';
import * as repo from './certificates.repository.js';

/** Public look-ups per network per minute: enough for a school checking a class, not for guessing codes. */
export const VERIFY_LIMIT = { perIp: 30, windowSeconds: 60 } as const;

const NOT_FOUND = 'No certificate has this code. Please check the code and try again.';

function printed(row: repo.CertificateRow): PublicCertificate {
  return {
    code: row.code,
    kind: row.kind,
    // Frozen at issue, possibly from a name stored before names were checked: shown without its hidden characters.
    name: cleanName(row.printedName),
    grade: cleanName(row.printedGrade),
    phase: cleanName(row.printedPhase),
    rank: row.rank,
    issuedAt: new Date(row.issuedAt).toISOString(),
  };
}

export async function verifyCertificate(
  deps: { db: AppContext['db']; redis: Redis; redisPrefix: string },
  typed: string,
  ip: string,
): Promise<PublicCertificate> {
  const limit = await hitRateLimit(
    deps.redis,
    `${deps.redisPrefix}:rl:certificate-verify:${ip}`,
    VERIFY_LIMIT.perIp,
    VERIFY_LIMIT.windowSeconds,
  );
  if (!limit.allowed) {
    throw tooManyRequests('Too many look-ups. Please try again in a minute.');
  }
  const code = normalizeCertificateCode(typed);
  const row = code === null ? undefined : await repo.findByCode(deps.db, code);
  if (!row) {
    throw notFound(NOT_FOUND);
  }
  return printed(row);
}

export async function studentCertificates(
  db: AppContext['db'],
  studentId: string,
): Promise<StudentCertificate[]> {
  const rows = await repo.listOfStudent(db, studentId);
  return rows.map((row) => ({
    _id: row.id,
    ...printed(row),
    languages: [row.fileKeyEn ? 'en' : null, row.fileKeyUr ? 'ur' : null].filter(
      (l): l is CertificateLanguage => l !== null,
    ),
  }));
}

/** A student's own certificate file; someone else's is "not found", so ids cannot be probed. */
export async function studentDownload(
  ctx: Pick<AppContext, 'db' | 'storage'>,
  studentId: string,
  id: string,
  lang: CertificateLanguage,
) {
  const row = await repo.findById(ctx.db, id);
  const key = lang === 'en' ? row?.fileKeyEn : row?.fileKeyUr;
  if (!row || row.studentId !== studentId || !key) {
    throw notFound('Certificate not found');
  }
  const file = await ctx.storage.get(key);
  if (!file) {
    throw notFound('Certificate not found');
  }
  return { stream: file.body, size: file.size, filename: `riyazi-certificate-${row.code}-${lang}.pdf` };
}

function toRun(row: repo.RunRow): CertificateRun {
  const params = (row.params ?? {}) as { phaseId?: string };
  const result = (row.result ?? {}) as { issued?: number; emailed?: number; alreadyIssued?: number };
  const count = (n: number | undefined) => (typeof n === 'number' ? n : null);
  return {
    _id: row.id,
    phaseId: params.phaseId ?? '',
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    issued: count(result.issued),
    emailed: count(result.emailed),
    alreadyIssued: count(result.alreadyIssued),
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt).toISOString(),
  };
}

export async function latestRun(db: AppContext['db'], phaseId: string): Promise<CertificateRun | null> {
  const row = await repo.findLatestRun(db, phaseId);
  return row ? toRun(row) : null;
}

/** Starts the phase's certificate run (one at a time per phase), audited. */
export async function startRun(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config'>,
  actor: StaffActor,
  phaseId: string,
): Promise<CertificateRunStarted> {
  // A certificate tells a child their result: not before the phase's results are released.
  const notYet = await contestNotYet(ctx.db, phaseId, 'RELEASED', 'make its certificates');
  if (notYet) {
    throw conflict(notYet);
  }
  const jobId = await ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.findPhase(trx, phaseId))) {
      throw notFound('Phase not found');
    }
    await repo.lockPhaseRuns(trx, phaseId);
    if (await repo.findActiveRun(trx, phaseId)) {
      throw conflict(
        'Certificates for this phase are already being made. Please wait for that run to finish.',
      );
    }
    const id = await repo.insertRun(trx, actor.id, { phaseId, publicUrl: ctx.config.PUBLIC_URL });
    await audit(trx, actor, 'certificates.run', 'phase', phaseId, { jobId: id });
    return id;
  });
  await enqueue(ctx.queues, 'exports', 'certificates.run', { jobId }, { ...DEFAULT_JOB_OPTIONS, jobId });
  return { jobId, message: 'Making certificates...' };
}
