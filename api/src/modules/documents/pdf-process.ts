// One PDF inspection in a process of its own, forked by checkPdf (pdf-check.ts): it says when it
// is loaded, is sent the bytes over IPC, answers with inspectPdf's verdict and exits. Its memory
// (pdf-lib keeps every name it ever parsed) goes back to the system with it, and a hostile file
// stalls only it.
import { inspectPdf } from './pdf-inspection.js';
import type { PdfProcessMessage } from './pdf-verdict.js';

const send = process.send?.bind(process);
if (!send) {
  console.error('pdf-process is started by the api (checkPdf), not by hand');
  process.exit(2);
}
const report = (message: PdfProcessMessage, then?: () => void) => send(message, undefined, {}, then);

process.once('disconnect', () => process.exit(1));
process.once('message', (bytes: Uint8Array) => {
  void inspectPdf(bytes).then((verdict) => report({ type: 'verdict', verdict }, () => process.exit(0)));
});
report({ type: 'ready' });
