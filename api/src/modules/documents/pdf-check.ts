import { fork } from 'node:child_process';
import { badRequest, HttpError } from '../../lib/errors.js';
import { PDF_LIMITS, type PdfProcessMessage, type PdfRefusal, type PdfVerdict } from './pdf-verdict.js';

/** Parsing a 5 MB scan takes well under a second; a hostile file is killed then. */
export const PDF_CHECK_TIMEOUT_MS = 5_000;
/** Loading node and pdf-lib: about 0.1 s bundled, seconds with tsx on a busy machine. */
const PDF_PROCESS_START_MS = 30_000;
const PDF_PROCESS_HEAP_MB = 128;
/** Per api node: two cores, and uploads are rare next to answers. */
const MAX_RUNNING = 2;
const MAX_WAITING = 20;

const REFUSALS: Record<PdfRefusal, string> = {
  'active-content':
    'This PDF contains scripts, attachments or automatic actions. Please upload a plain scan or a photo.',
  encrypted: 'This PDF is protected with a password. Please upload a copy without a password, or a photo.',
  unreadable: 'This PDF could not be read. Please save it again as a PDF, or upload a photo of the document.',
  'too-many-pages': `This PDF has more than ${PDF_LIMITS.pages} pages. Please upload only the pages of the ID card or B-form.`,
  'too-complex': 'This PDF is too large or complex to check. Please upload a simpler scan or a photo.',
};

function pdfProcessEntry(): { file: URL; execArgv: string[] } {
  const fromSource = import.meta.url.endsWith('.ts');
  return fromSource
    ? { file: new URL('./pdf-process.ts', import.meta.url), execArgv: ['--import', 'tsx'] }
    : { file: new URL('./pdf-process.mjs', import.meta.url), execArgv: [] };
}

let running = 0;
const waiting: (() => void)[] = [];

async function takeSlot() {
  if (running < MAX_RUNNING) {
    running += 1;
    return;
  }
  if (waiting.length >= MAX_WAITING) {
    throw new HttpError(503, 'Many documents are being checked right now. Please try again in a minute.');
  }
  await new Promise<void>((resolve) => waiting.push(resolve));
}

/** Hands the slot straight to the next waiting check, so no newcomer can slip in between. */
function releaseSlot() {
  const next = waiting.shift();
  if (next) {
    next();
  } else {
    running -= 1;
  }
}

/**
 * The PDF written out again from its checked objects (see inspectPdf), or a 400 a parent can act
 * on. Runs in a child process with a small heap, killed when its check passes the deadline.
 */
export async function checkPdf(bytes: Buffer, timeoutMs = PDF_CHECK_TIMEOUT_MS): Promise<Buffer> {
  await takeSlot();
  let verdict: PdfVerdict;
  try {
    verdict = await inspectInChildProcess(bytes, timeoutMs);
  } finally {
    releaseSlot();
  }
  if (!verdict.ok) {
    throw badRequest(REFUSALS[verdict.reason]);
  }
  return Buffer.from(verdict.data.buffer, verdict.data.byteOffset, verdict.data.byteLength);
}

function inspectInChildProcess(bytes: Buffer, timeoutMs: number): Promise<PdfVerdict> {
  const { file, execArgv } = pdfProcessEntry();
  const child = fork(file, [], {
    execArgv: [...execArgv, `--max-old-space-size=${PDF_PROCESS_HEAP_MB}`],
    // Nothing of the api's environment (secrets) is needed to read a PDF.
    env: { PATH: process.env.PATH ?? '' },
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
  let phase: 'starting' | 'checking' = 'starting';
  let timer = setTimeout(() => child.kill('SIGKILL'), PDF_PROCESS_START_MS);
  return new Promise((resolve, reject) => {
    let verdict: PdfVerdict | null = null;
    child.on('message', (message: PdfProcessMessage) => {
      if (message.type === 'ready') {
        // The deadline is for the work on the file, not for loading node (slow under tsx).
        clearTimeout(timer);
        phase = 'checking';
        timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
        child.send(bytes);
      } else {
        verdict = message.verdict;
      }
    });
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      if (verdict) {
        resolve(verdict);
      } else if (phase === 'checking' && signal !== null) {
        // Killed at the deadline or aborted out of its heap: far more work than a scan needs.
        resolve({ ok: false, reason: 'too-complex' });
      } else {
        reject(new Error(`the PDF check process stopped while ${phase} (${signal ?? `exit ${code}`})`));
      }
    });
  });
}
