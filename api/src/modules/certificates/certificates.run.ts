import type { Db } from '@riyazi/db';
import { queueMail } from '#modules/mail';
import { type CertificateLanguage, certificatePath } from '../../contracts/certificates.js';
import { cleanName } from '../../contracts/person-name.js';
import type { JobProgressEvent } from '../../contracts/socket.js';
import type { FileStorage } from '../../lib/storage/index.js';
import { pakistanDay } from '../../lib/time.js';
import { renderCertificatePdf } from './certificate-pdf.js';
import * as repo from './certificates.repository.js';

/** Certificates drawn per transaction: each batch's files are written, then recorded with their e-mails. */
const BATCH = 100;
const LANGUAGES: CertificateLanguage[] = ['en', 'ur'];

export const certificateFileKey = (id: string, lang: CertificateLanguage) => `certificates/${id}-${lang}.pdf`;

export interface CertificateRunDeps {
  db: Db;
  storage: FileStorage;
  publish?: (event: JobProgressEvent) => void;
}

const origin = (publicUrl: string) => publicUrl.replace(/\/$/, '');

async function drawFiles(storage: FileStorage, cert: repo.PendingCertificate, publicUrl: string) {
  const printed = {
    code: cert.code,
    kind: cert.kind,
    name: cert.printedName,
    grade: cert.printedGrade,
    phase: cert.printedPhase,
    rank: cert.rank,
    issuedOn: pakistanDay(cert.issuedAt),
    verifyUrl: `${origin(publicUrl)}${certificatePath(cert.code)}`,
  };
  const keys = { id: cert.id, en: certificateFileKey(cert.id, 'en'), ur: certificateFileKey(cert.id, 'ur') };
  for (const lang of LANGUAGES) {
    // One PDF in memory at a time (about 10 KB): the batch size bounds nothing else.
    const pdf = await renderCertificatePdf(printed, lang);
    await storage.put(keys[lang], pdf, { contentType: 'application/pdf' });
  }
  return keys;
}

async function recordBatch(
  db: Db,
  batch: repo.PendingCertificate[],
  files: { id: string; en: string; ur: string }[],
  publicUrl: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const recorded = await repo.setFiles(trx, files);
    const toMail = batch.filter(
      (c) => recorded.has(c.id) && c.emailedAt === null && c.isActive && c.revokedAt === null,
    );
    for (const cert of toMail) {
      await queueMail(trx, 'certificateIssued', cert.email, {
        name: cleanName(cert.printedName),
        phaseTitle: cert.printedPhase,
        kind: cert.kind,
        link: `${origin(publicUrl)}/dashboard#certificates`,
        language: cert.language,
      });
    }
    await repo.markEmailed(
      trx,
      toMail.map((c) => c.id),
    );
    return toMail.length;
  });
}

/**
 * Issues what the phase's students earned and lacks, then draws every certificate of the phase
 * without files, a batch at a time (memory stays one batch of rows whatever the phase's size), and
 * queues each student's e-mail once (the mail worker takes it from the outbox). Safe to run again:
 * a second run issues and draws only what is missing.
 */
export async function runCertificates(deps: CertificateRunDeps, runId: string) {
  const params = await repo.claimRun(deps.db, runId);
  if (!params) {
    return { outcome: 'skipped' as const };
  }
  const publish = (status: JobProgressEvent['status'], progress: number) =>
    deps.publish?.({ jobId: runId, status, progress });
  publish('RUNNING', 0);
  try {
    let issued = 0;
    // A second pass picks up a row that lost a code collision (ON CONFLICT DO NOTHING).
    for (let pass = 0; pass < 3; pass += 1) {
      const added = await repo.issueMissingCertificates(deps.db, params.phaseId, runId);
      issued += added;
      if (added === 0) {
        break;
      }
    }
    const total = await repo.countCertificates(deps.db, params.phaseId, 'withoutFiles');
    await repo.setRunProgress(deps.db, runId, { total, processed: 0, progress: 0 });
    let drawn = 0;
    let emailed = 0;
    let after: string | null = null;
    let published = 0;
    for (;;) {
      const batch = await repo.findPendingFiles(deps.db, params.phaseId, after, BATCH);
      if (batch.length === 0) {
        break;
      }
      const files: { id: string; en: string; ur: string }[] = [];
      for (const cert of batch) {
        files.push(await drawFiles(deps.storage, cert, params.publicUrl));
      }
      emailed += await recordBatch(deps.db, batch, files, params.publicUrl);
      drawn += batch.length;
      after = batch[batch.length - 1]?.id ?? after;
      const progress = Math.min(99, Math.floor((drawn / Math.max(total, drawn)) * 100));
      await repo.setRunProgress(deps.db, runId, {
        total: Math.max(total, drawn),
        processed: drawn,
        progress,
      });
      if (progress - published >= 2) {
        published = progress;
        publish('RUNNING', progress);
      }
    }
    // What the phase's students held before this run (the staff screen says so beside `issued`).
    const alreadyIssued = (await repo.countCertificates(deps.db, params.phaseId, 'all')) - issued;
    await repo.finishRun(deps.db, runId, { issued, drawn, emailed, alreadyIssued });
    publish('SUCCEEDED', 100);
    return { outcome: 'done' as const, issued, drawn, emailed, alreadyIssued };
  } catch (err) {
    await repo.finishRun(deps.db, runId, { error: err instanceof Error ? err.message : String(err) });
    publish('FAILED', 0);
    throw err;
  }
}

/** Draws one certificate's files (a re-issue) and queues its e-mail; nothing when already drawn or gone. */
export async function drawCertificate(deps: CertificateRunDeps, certificateId: string, publicUrl: string) {
  const cert = await repo.findPendingFile(deps.db, certificateId);
  if (!cert) {
    return { drawn: 0, emailed: 0 };
  }
  const files = await drawFiles(deps.storage, cert, publicUrl);
  return { drawn: 1, emailed: await recordBatch(deps.db, [cert], [files], publicUrl) };
}
