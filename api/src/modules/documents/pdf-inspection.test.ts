import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildPdf, cleanPdf, hostilePdfs, stream } from '../../../test/pdf-fixtures.js';
import { inspectPdf } from './pdf-inspection.js';
import { PDF_LIMITS } from './pdf-verdict.js';

const reasonOf = async (bytes: Buffer) => {
  const verdict = await inspectPdf(bytes);
  return verdict.ok ? 'accepted' : verdict.reason;
};

const link = (action: string) =>
  cleanPdf({ page: '/Annots [5 0 R]' }, [
    `<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A ${action} >>`,
  ]);

describe('inspectPdf', () => {
  it('accepts a plain one-page PDF and writes it out again from its parsed objects', async () => {
    const verdict = await inspectPdf(cleanPdf());
    expect(verdict).toMatchObject({ ok: true, pages: 1 });
    const again = verdict.ok ? await inspectPdf(Buffer.from(verdict.data)) : null;
    expect(again).toMatchObject({ ok: true, pages: 1 });
  });

  it.each(Object.keys(hostilePdfs).filter((name) => name !== 'garbage'))(
    'refuses the %s case as active content',
    async (name) => {
      expect(await reasonOf(hostilePdfs[name as keyof typeof hostilePdfs]())).toBe('active-content');
    },
  );

  it.each([
    ['an XFA form', cleanPdf({ catalog: '/AcroForm << /Fields [] /XFA 5 0 R >>' }, [stream('', '<xdp/>')])],
    ['a form submission', link('<< /S /SubmitForm /F (https://example.com/) >>')],
    ['a form data import', link('<< /S /ImportData /F (data.fdf) >>')],
    ['Flash media', cleanPdf({ page: '/Annots [<< /Subtype /RichMedia /Rect [0 0 1 1] >>]' })],
    ['an embedded files tree', cleanPdf({ catalog: '/Names << /EmbeddedFiles << /Names [] >> >>' })],
    ['a go-to into another file', link('<< /S /GoToR /F (//server/share/x.pdf) /D [0 /Fit] >>')],
    ['a javascript: link', link('<< /S /URI /URI (java\tscript:alert\\(1\\)) >>')],
  ])('refuses %s', async (_, bytes) => {
    expect(await reasonOf(bytes)).toBe('active-content');
  });

  it('refuses active content in a document information dictionary written into the trailer', async () => {
    const bytes = buildPdf(objectsOfCleanPdf(), { trailer: '/Info << /Title (x) /AA << >> >>' });
    expect(await reasonOf(bytes)).toBe('active-content');
  });

  it('accepts a web link and opening at a page, which run nothing', async () => {
    expect(await reasonOf(link('<< /S /URI /URI (https://example.com/) >>'))).toBe('accepted');
    expect(await reasonOf(cleanPdf({ catalog: '/OpenAction [3 0 R /Fit]' }))).toBe('accepted');
    const goTo = cleanPdf({ catalog: '/OpenAction 5 0 R' }, ['<< /S /GoTo /D [3 0 R /Fit] >>']);
    expect(await reasonOf(goTo)).toBe('accepted');
  });

  it('refuses opening at a page that chains another action', async () => {
    const chained = '<< /S /GoTo /D [3 0 R /Fit] /Next << /S /URI /URI (https://example.com/) >> >>';
    expect(await reasonOf(cleanPdf({ catalog: `/OpenAction ${chained}` }))).toBe('active-content');
  });

  it('refuses an encrypted PDF', async () => {
    const encrypt = '/Encrypt << /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>';
    expect(await reasonOf(buildPdf([...objectsOfCleanPdf()], { trailer: encrypt }))).toBe('encrypted');
  });

  it('refuses what is not a document: garbage, no pages, a page tree that loops, deep nesting', async () => {
    expect(await reasonOf(hostilePdfs.garbage())).toBe('unreadable');
    expect(await reasonOf(buildPdf(['<< /Type /Catalog >>']))).toBe('unreadable');
    const loop = buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>']);
    expect(await reasonOf(loop)).toBe('unreadable');
    const deep = cleanPdf({ catalog: `/Deep ${'['.repeat(200_000)}` });
    expect(await reasonOf(deep)).toBe('unreadable');
  });

  it(`refuses more than ${PDF_LIMITS.pages} pages`, async () => {
    const count = PDF_LIMITS.pages + 1;
    const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
    const pages = Array.from(
      { length: count },
      () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>',
    );
    const bytes = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`,
      ...pages,
    ]);
    expect(await reasonOf(bytes)).toBe('too-many-pages');
  });

  it('refuses an object stream that inflates past the budget, without inflating it all', async () => {
    const bomb = deflateSync(Buffer.alloc(PDF_LIMITS.objectStreamBytes * 4, 0x20));
    const bytes = cleanPdf({}, [stream(`/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`, bomb)]);
    expect(bytes.length).toBeLessThan(200_000);
    expect(await reasonOf(bytes)).toBe('too-complex');
  });

  it('refuses an object stream in a filter it does not read', async () => {
    const hex = Buffer.from('5 0 << /S /JavaScript /JS (x) >>').toString('hex');
    expect(
      await reasonOf(cleanPdf({}, [stream('/Type /ObjStm /N 1 /First 4 /Filter /ASCIIHexDecode', hex)])),
    ).toBe('unreadable');
  });

  it(`refuses more than ${PDF_LIMITS.indirectObjects} objects`, async () => {
    const filler = Array.from({ length: PDF_LIMITS.indirectObjects }, () => 'null');
    expect(await reasonOf(cleanPdf({}, filler))).toBe('too-complex');
  });

  it('reads only the trailer of a cross-reference stream, however many entries it claims', async () => {
    const xref = stream('/Type /XRef /Size 2000000000 /W [1 4 2] /Root 1 0 R', Buffer.alloc(7));
    expect(await reasonOf(cleanPdf({}, [xref]))).toBe('accepted');
  });

  it('keeps nothing a viewer could reach outside the checked objects: bytes after %%EOF are gone', async () => {
    const polyglot = Buffer.concat([cleanPdf(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const verdict = await inspectPdf(polyglot);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && Buffer.from(verdict.data).includes('<script>')).toBe(false);
  });
});

function objectsOfCleanPdf() {
  return [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
  ];
}
