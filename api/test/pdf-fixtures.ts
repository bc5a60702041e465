// Hand-written PDFs for the document checks: each has a correct cross-reference table (or stream),
// so a real viewer opens it as the test means it, hostile parts included.
import { deflateSync } from 'node:zlib';

/** An object body: dictionary text, or a stream built with `stream()`. */
type Body = string | Buffer;

export const stream = (dict: string, data: Buffer | string) => {
  const bytes = Buffer.from(data);
  return Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${bytes.length} >>\nstream\n`),
    bytes,
    Buffer.from('\nendstream'),
  ]);
};

/**
 * Objects 1..n (1 is the catalog) in a PDF 1.4 file with an xref table; `compressed` lists the
 * numbers that go into one Flate-compressed object stream (PDF 1.5), located by an xref stream.
 */
export function buildPdf(objects: Body[], options: { compressed?: number[]; trailer?: string } = {}) {
  const compressed = new Set(options.compressed ?? []);
  const parts: Buffer[] = [
    Buffer.from(`%PDF-${compressed.size > 0 ? '1.5' : '1.4'}\n%\xe2\xe3\xcf\xd3\n`, 'latin1'),
  ];
  let length = parts[0]?.length ?? 0;
  const offsets = new Map<number, number>();
  const write = (number: number, body: Body) => {
    offsets.set(number, length);
    const bytes = Buffer.concat([
      Buffer.from(`${number} 0 obj\n`),
      Buffer.from(body),
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(bytes);
    length += bytes.length;
  };
  objects.forEach((body, index) => {
    if (!compressed.has(index + 1)) {
      write(index + 1, body);
    }
  });
  const trailer = `/Size ${objects.length + 1} /Root 1 0 R ${options.trailer ?? ''}`;
  if (compressed.size === 0) {
    const rows = objects.map((_, index) => `${String(offsets.get(index + 1)).padStart(10, '0')} 00000 n \n`);
    parts.push(
      Buffer.from(
        `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${rows.join('')}trailer\n<< ${trailer} >>\nstartxref\n${length}\n%%EOF\n`,
      ),
    );
    return Buffer.concat(parts);
  }
  const members = [...compressed].sort((a, b) => a - b);
  let header = '';
  let body = '';
  for (const number of members) {
    header += `${number} ${body.length} `;
    body += `${objects[number - 1]}\n`;
  }
  const objectStream = objects.length + 1;
  write(
    objectStream,
    stream(
      `/Type /ObjStm /N ${members.length} /First ${header.length} /Filter /FlateDecode`,
      deflateSync(Buffer.from(header + body, 'latin1')),
    ),
  );
  const xrefStream = objectStream + 1;
  offsets.set(xrefStream, length);
  const entries = Buffer.alloc((xrefStream + 1) * 7);
  entries.writeUInt8(0, 0);
  entries.writeUInt32BE(0, 1);
  entries.writeUInt16BE(0xffff, 5);
  for (let number = 1; number <= xrefStream; number++) {
    const at = number * 7;
    if (compressed.has(number)) {
      entries.writeUInt8(2, at);
      entries.writeUInt32BE(objectStream, at + 1);
      entries.writeUInt16BE(members.indexOf(number), at + 5);
    } else {
      entries.writeUInt8(1, at);
      entries.writeUInt32BE(offsets.get(number) ?? 0, at + 1);
    }
  }
  write(
    xrefStream,
    stream(`/Type /XRef /Size ${xrefStream + 1} /W [1 4 2] /Root 1 0 R ${options.trailer ?? ''}`, entries),
  );
  parts.push(Buffer.from(`startxref\n${offsets.get(xrefStream)}\n%%EOF\n`));
  return Buffer.concat(parts);
}

const catalog = (extra = '') => `<< /Type /Catalog /Pages 2 0 R ${extra} >>`;
const pages = '<< /Type /Pages /Kids [3 0 R] /Count 1 >>';
const page = (extra = '') =>
  `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R ${extra} >>`;
const content = stream('', '0.2 0.4 0.8 rg 72 600 200 120 re f');

/** A one-page PDF with a blue rectangle; `extra` adds to the catalog and the page. */
export const cleanPdf = (extra: { catalog?: string; page?: string } = {}, more: Body[] = []) =>
  buildPdf([catalog(extra.catalog), pages, page(extra.page), content, ...more]);

/** One PDF per way of carrying something a viewer would run or open. */
export const hostilePdfs = {
  /** A document-level script in the names tree, written plainly. */
  plainJavaScript: () =>
    cleanPdf({ catalog: '/Names << /JavaScript 5 0 R >>' }, [
      '<< /Names [(init) 6 0 R] >>',
      '<< /S /JavaScript /JS (app.alert(1)) >>',
    ]),
  /** A link whose action is /JavaScript and /JS spelled with #xx escapes. */
  escapedJavaScript: () =>
    cleanPdf({ page: '/Annots [5 0 R]' }, [
      '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /J#61vaScript /J#53 (app.alert(1)) >> >>',
    ]),
  /** The catalog and its script action inside a compressed object stream. */
  javaScriptInObjectStream: () =>
    buildPdf(
      [catalog('/OpenAction 5 0 R'), pages, page(), content, '<< /S /JavaScript /JS (app.alert(1)) >>'],
      {
        compressed: [1, 2, 3, 5],
      },
    ),
  /** An action run when the document opens, its key escaped. */
  openAction: () =>
    cleanPdf({ catalog: '/Open#41ction 5 0 R' }, ['<< /S /URI /URI (https://example.com/) >>']),
  /** An additional action run when the page opens. */
  additionalAction: () => cleanPdf({ page: '/AA << /O << /S /URI /URI (https://example.com/) >> >>' }),
  /** A link that launches a program, the action's name escaped with lower-case hex. */
  launch: () =>
    cleanPdf({ page: '/Annots [5 0 R]' }, [
      '<< /Type /Annot /Subtype /Link /Rect [0 0 595 842] /A << /S /#4caunch /F (cmd.exe) >> >>',
    ]),
  /** A file attached to the page (an annotation holding an embedded file stream). */
  embeddedFile: () =>
    cleanPdf({ page: '/Annots [5 0 R]' }, [
      '<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS << /Type /Filespec /F (a.exe) /EF << /F 6 0 R >> >> >>',
      stream('', 'MZ not really a program'),
    ]),
  /** A PDF header followed by nothing a parser can read. */
  garbage: () =>
    Buffer.concat([Buffer.from('%PDF-'), Buffer.from('this is not a PDF at all \x00\x01\x02 ~~~')]),
};
