import { inflateSync } from 'node:zlib';

/**
 * The lines of text a pdfkit PDF draws in its standard (WinAnsi) fonts, in drawing order: each
 * text-showing operator's strings joined. Text in embedded fonts (Urdu) reads as glyph ids, not text.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  const file = pdf.toString('latin1');
  for (const match of file.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const line of content.split('\n')) {
      if (/\bT[Jj]\s*$/.test(line)) {
        const strings = [...line.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => Buffer.from(m[1] ?? '', 'hex'));
        lines.push(Buffer.concat(strings).toString('latin1'));
      }
    }
  }
  return lines;
}
