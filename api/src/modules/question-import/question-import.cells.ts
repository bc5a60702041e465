/**
 * Spreadsheet cells → the stored rich text of questions, options and hints.
 *
 * A cell is plain text with LaTeX: `$…$` or `\(…\)` is inline math, `$$…$$` or `\[…\]` is a
 * block formula on its own line, `\$` is a literal dollar sign. Everything else is text: it is
 * HTML-escaped (so `<b>` or `<script>` shows as typed and never becomes markup), a blank line
 * starts a new paragraph and a single line break becomes `<br>`. An unclosed delimiter is text.
 * The result is `<p>…<span class="math-inline">…</span>…</p><div class="math-block">…</div>`,
 * the format the editor writes; it is still run through the sanitiser like any form.
 */

type Piece = { kind: 'text'; text: string } | { kind: 'inline' | 'block'; tex: string };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const DELIMITERS = [
  { open: '$$', close: '$$', kind: 'block' },
  { open: '\\[', close: '\\]', kind: 'block' },
  { open: '\\(', close: '\\)', kind: 'inline' },
  { open: '$', close: '$', kind: 'inline' },
] as const;

/** Index of `close` from `from`, skipping `\$` when the delimiter is a dollar. */
function findClose(source: string, close: string, from: number): number {
  let at = source.indexOf(close, from);
  while (at !== -1 && close.startsWith('$') && source[at - 1] === '\\') {
    at = source.indexOf(close, at + 1);
  }
  return at;
}

/** Splits a cell into text and math pieces. */
export function splitMath(source: string): Piece[] {
  const pieces: Piece[] = [];
  let text = '';
  let i = 0;
  while (i < source.length) {
    if (source.startsWith('\\$', i)) {
      text += '$';
      i += 2;
      continue;
    }
    const delimiter = DELIMITERS.find((d) => source.startsWith(d.open, i));
    const end = delimiter ? findClose(source, delimiter.close, i + delimiter.open.length) : -1;
    if (!delimiter || end === -1) {
      text += source[i];
      i += 1;
      continue;
    }
    const tex = source.slice(i + delimiter.open.length, end).trim();
    i = end + delimiter.close.length;
    if (tex === '') {
      continue;
    }
    if (text !== '') {
      pieces.push({ kind: 'text', text });
      text = '';
    }
    pieces.push({ kind: delimiter.kind, tex });
  }
  if (text !== '') {
    pieces.push({ kind: 'text', text });
  }
  return pieces;
}

/** A cell's plain text with LaTeX as stored rich text; '' for an empty cell. */
export function cellToRichText(cell: string): string {
  const source = cell.replace(/\r\n?/g, '\n').trim();
  if (source === '') {
    return '';
  }
  const blocks: string[] = [];
  let paragraph = '';
  const endParagraph = () => {
    const inner = paragraph.replace(/^(?:<br>)+|(?:<br>)+$/g, '');
    if (inner.trim() !== '') {
      blocks.push(`<p>${inner}</p>`);
    }
    paragraph = '';
  };
  for (const piece of splitMath(source)) {
    if (piece.kind === 'block') {
      endParagraph();
      blocks.push(`<div class="math-block">${escapeHtml(piece.tex)}</div>`);
    } else if (piece.kind === 'inline') {
      paragraph += `<span class="math-inline">${escapeHtml(piece.tex)}</span>`;
    } else if (piece.kind === 'text') {
      piece.text.split(/\n[ \t]*\n\s*/).forEach((part: string, index: number) => {
        if (index > 0) {
          endParagraph();
        }
        paragraph += escapeHtml(part).replace(/[ \t]*\n[ \t]*/g, '<br>');
      });
    }
  }
  endParagraph();
  return blocks.join('');
}

/** Yes/No cell (also true/false, y/n, 1/0); '' is the default; undefined when unreadable. */
export function parseYesNo(cell: string, fallback: boolean): boolean | undefined {
  const value = cell.trim().toLowerCase();
  if (value === '') {
    return fallback;
  }
  if (['yes', 'y', 'true', '1'].includes(value)) {
    return true;
  }
  if (['no', 'n', 'false', '0'].includes(value)) {
    return false;
  }
  return undefined;
}

/** "B", "A,C", "a c", "2;4" → option positions 1–4 (distinct, sorted); undefined when unreadable. */
export function parseCorrect(cell: string): number[] | undefined {
  const tokens = cell
    .split(/[\s,;|/]+/)
    .map((t) => t.trim().toUpperCase())
    .filter((t) => t !== '');
  const positions = new Set<number>();
  for (const token of tokens) {
    const position = /^[A-D]$/.test(token)
      ? token.charCodeAt(0) - 64
      : /^[1-4]$/.test(token)
        ? Number(token)
        : /^OPTION[1-4]$/.test(token)
          ? Number(token.slice(6))
          : 0;
    if (position === 0) {
      return undefined;
    }
    positions.add(position);
  }
  return [...positions].sort((a, b) => a - b);
}

/** Cells separated by `|` (phases, accepted answers), trimmed, empty ones dropped. */
export const splitList = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** A label compared the way names are matched: trimmed, case-insensitive, inner spaces collapsed. */
export const nameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
