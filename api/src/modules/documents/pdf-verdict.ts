/**
 * Limits that keep a hostile 5 MB PDF from taking long or eating memory. The process that runs
 * the inspection (pdf-process.ts) also has a small heap and is killed after PDF_CHECK_TIMEOUT_MS.
 */
export const PDF_LIMITS = {
  pages: 10,
  indirectObjects: 20_000,
  /** Bytes inflated from all object streams together (each is parsed from memory). */
  objectStreamBytes: 16 * 1024 * 1024,
} as const;

export type PdfRefusal = 'active-content' | 'encrypted' | 'unreadable' | 'too-many-pages' | 'too-complex';
export type PdfVerdict = { ok: true; data: Uint8Array; pages: number } | { ok: false; reason: PdfRefusal };

/** What pdf-process.ts sends its parent: once loaded, then its verdict on the bytes it was sent. */
export type PdfProcessMessage = { type: 'ready' } | { type: 'verdict'; verdict: PdfVerdict };
