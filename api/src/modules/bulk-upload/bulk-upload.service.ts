import type { AppContext } from '../../context.js';
import type {
  BulkUploadConfirmBody,
  BulkUploadPreview,
  BulkUploadRun,
  BulkUploadRunList,
} from '../../contracts/bulk-upload.js';
import { DEFAULT_JOB_OPTIONS } from '../../contracts/jobs.js';
import type { Actor } from '../../lib/actors.js';
import { audit } from '../../lib/audit.js';
import { csvFile } from '../../lib/csv.js';
import { HttpError, notFound } from '../../lib/errors.js';
import { enqueue } from '../../queue/queues.js';
import { readStudentSheet } from './bulk-upload.parse.js';
import * as repo from './bulk-upload.repository.js';
import { checkRow, markDuplicates, markRegistered, nameKey, type StoredRow } from './bulk-upload.rows.js';

/** The preview shows this many rows from the top, plus every invalid row. */
const PREVIEW_ROWS = 500;
const PER_PAGE = 20;

/** Reads and checks every row, then keeps them as a pending upload the admin may confirm. */
export async function previewUpload(
  ctx: Pick<AppContext, 'db'>,
  actor: Actor,
  fileName: string,
  bytes: Buffer,
): Promise<BulkUploadPreview> {
  const sheet = await readStudentSheet(bytes);
  const grades = await repo.activeGrades(ctx.db);
  const gradeIdByTitle = new Map(grades.map((g) => [nameKey(g.title), g.id]));
  const checked = sheet.map((row) => checkRow(row, gradeIdByTitle));
  markDuplicates(checked);
  const emails = checked.filter((r) => r.status === 'valid').map((r) => r.student.email);
  markRegistered(checked, await repo.registeredEmails(ctx.db, emails));

  const stored: StoredRow[] = checked.map(({ fields: _fields, ...row }) => row);
  const counts = {
    valid: checked.filter((r) => r.status === 'valid').length,
    invalid: checked.filter((r) => r.status === 'invalid').length,
    alreadyRegistered: checked.filter((r) => r.status === 'alreadyRegistered').length,
  };
  const uploadId = await repo.insertPendingUpload(
    ctx.db,
    actor.id,
    { fileName, rows: stored },
    { fileName, created: 0, skipped: 0, invalid: counts.invalid, createdRows: [] },
  );
  return {
    uploadId,
    fileName,
    total: checked.length,
    ...counts,
    rows: checked
      .filter((r, index) => index < PREVIEW_ROWS || r.status === 'invalid')
      .map((r) => ({
        row: r.row,
        status: r.status,
        fields: r.fields,
        errors: r.errors,
      })),
  };
}

/** Starts the run of a previewed upload; the job id is the upload id, so a double click runs it once. */
export async function confirmUpload(
  ctx: Pick<AppContext, 'db' | 'queues' | 'config'>,
  actor: Actor,
  body: BulkUploadConfirmBody,
): Promise<void> {
  const confirmed = await ctx.db.transaction().execute(async (trx) => {
    const options = {
      autoEmailVerified: body.autoEmailVerified,
      sendWelcome: body.sendWelcome,
      publicUrl: ctx.config.PUBLIC_URL,
    };
    if (!(await repo.confirmUpload(trx, body.uploadId, actor.id, options))) {
      return false;
    }
    await audit(trx, actor, 'bulkUpload.confirm', 'backgroundJob', body.uploadId, {
      autoEmailVerified: body.autoEmailVerified,
      sendWelcome: body.sendWelcome,
    });
    return true;
  });
  // Confirming again a run that is still QUEUED (a double click, or an add() lost to a crash right
  // after the commit) enqueues it again: the job id is the upload id, so it still runs once.
  if (!confirmed && (await repo.runSummary(ctx.db, body.uploadId))?.status !== 'QUEUED') {
    throw new HttpError(
      409,
      'This upload cannot be started: it has already run, has expired, or is unknown. Upload the file again.',
    );
  }
  const jobId = body.uploadId;
  await enqueue(
    ctx.queues,
    'bulkUpload',
    'students.bulkUpload',
    { jobId },
    { ...DEFAULT_JOB_OPTIONS, jobId },
  );
}

function resultOf(value: unknown): Partial<repo.RunResult> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Partial<repo.RunResult>)
    : {};
}

type RunRow = repo.RunSummaryRow;

function toRun(row: RunRow): BulkUploadRun {
  const result = resultOf(row.result);
  return {
    id: row.id,
    fileName: result.fileName ?? '',
    status: row.status,
    progress: row.progress,
    totalRows: row.totalRows ?? 0,
    processedRows: row.processedRows,
    created: result.created ?? 0,
    skipped: result.skipped ?? 0,
    invalid: result.invalid ?? 0,
    autoEmailVerified: result.options?.autoEmailVerified ?? false,
    sendWelcome: result.options?.sendWelcome ?? false,
    requestedBy: row.requestedBy,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt).toISOString(),
  };
}

export async function listRuns(ctx: Pick<AppContext, 'db'>, page: number): Promise<BulkUploadRunList> {
  const { rows, total } = await repo.listRuns(ctx.db, page, PER_PAGE);
  return {
    data: rows.map(toRun),
    total,
    currentPage: page,
    totalPages: Math.max(1, Math.ceil(total / PER_PAGE)),
    itemsPerPage: PER_PAGE,
  };
}

export async function getRun(ctx: Pick<AppContext, 'db'>, id: string): Promise<BulkUploadRun> {
  const row = await repo.runSummary(ctx.db, id);
  if (!row) {
    throw notFound('No such upload');
  }
  return toRun(row);
}

/** One line per file row: created, already registered or invalid (with the problems). */
export async function resultCsv(
  ctx: Pick<AppContext, 'db'>,
  id: string,
): Promise<{ fileName: string; csv: Buffer }> {
  const run = await repo.findRun(ctx.db, id);
  if (!run || run.expiresAt !== null) {
    throw notFound('No such upload');
  }
  if (run.status !== 'SUCCEEDED') {
    throw new HttpError(409, 'The result is ready when the upload has finished');
  }
  const result = resultOf(run.result);
  const created = new Set(result.createdRows ?? []);
  const rows = ((run.params as { rows?: StoredRow[] }).rows ?? []).map((r) => [
    r.row,
    r.student.email,
    r.status === 'invalid' ? 'invalid' : created.has(r.row) ? 'created' : 'already registered',
    Object.entries(r.errors)
      .map(([column, problem]) => `${column}: ${problem}`)
      .join('; '),
  ]);
  // As the student export: RFC 4180 quoting, and cells a spreadsheet would run as formulas neutralised
  // (the e-mail column is whatever the uploaded file said).
  const base = (result.fileName ?? 'students').replace(/\.[^.]+$/, '').replace(/[^\w.-]+/g, '_');
  return {
    fileName: `${base}-result.csv`,
    csv: Buffer.from(csvFile(['row', 'email', 'outcome', 'error'], rows), 'utf8'),
  };
}
