import { inflateSync, constants as zlibConstants } from 'node:zlib';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  type PDFObject,
  PDFObjectStreamParser,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  PDFXRefStreamParser,
} from 'pdf-lib';
import { PDF_LIMITS, type PdfRefusal, type PdfVerdict } from './pdf-verdict.js';

/**
 * Names of everything a PDF viewer can run, open or act on by itself: scripts, actions fired on
 * open or by events, launching programs, attachments, Flash/3D media, XFA forms, form submission.
 */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'OpenAction',
  'AA',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'EF',
  'FileAttachment',
  'GoToE',
  'GoToR',
  'RichMedia',
  'RichMediaExecute',
  'XFA',
  'SubmitForm',
  'ImportData',
]);

class PdfRefused extends Error {
  constructor(readonly reason: PdfRefusal) {
    super(reason);
  }
}

/**
 * Parses a PDF, refuses it if anything in it can act (see ACTIVE_NAMES), is encrypted, or is not
 * a readable document of at most PDF_LIMITS.pages pages, and returns it written out again from
 * the parsed objects: the stored file holds exactly the objects that were checked, so nothing a
 * viewer reads through the original cross-reference table (an object hidden inside another's
 * stream, an older revision, bytes after %%EOF) survives.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<PdfVerdict> {
  boundPdfLibParsing();
  objectStreamBudget = PDF_LIMITS.objectStreamBytes;
  refusalWhileParsing = null;
  try {
    const doc = await load(bytes);
    const { context } = doc;
    if (context.trailerInfo.Encrypt) {
      throw new PdfRefused('encrypted');
    }
    const objects = context.enumerateIndirectObjects();
    if (objects.length > PDF_LIMITS.indirectObjects) {
      throw new PdfRefused('too-complex');
    }
    const trailer = [context.trailerInfo.Root, context.trailerInfo.Info].filter(
      (entry) => entry !== undefined,
    );
    if ([...objects.map(([, object]) => object), ...trailer].some(hasActiveContent)) {
      throw new PdfRefused('active-content');
    }
    const pages = countPages(context.lookup(context.trailerInfo.Root));
    const data = await doc.save({
      useObjectStreams: false,
      addDefaultPage: false,
      updateFieldAppearances: false,
      objectsPerTick: Number.POSITIVE_INFINITY,
    });
    return { ok: true, data, pages };
  } catch (err) {
    return { ok: false, reason: err instanceof PdfRefused ? err.reason : 'unreadable' };
  }
}

async function load(bytes: Uint8Array) {
  try {
    return await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      throwOnInvalidObject: true,
      updateMetadata: false,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch {
    // pdf-lib rethrows what fails inside an object as its own error.
    throw new PdfRefused(refusalWhileParsing ?? 'unreadable');
  }
}

/** Walks one object's dictionaries, arrays and stream dictionaries without recursion. */
function hasActiveContent(root: PDFObject): boolean {
  const pending: PDFObject[] = [root];
  for (let object = pending.pop(); object !== undefined; object = pending.pop()) {
    if (object instanceof PDFName) {
      if (ACTIVE_NAMES.has(nameValue(object))) {
        return true;
      }
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        const name = nameValue(key);
        if (name === 'URI' && isJavaScriptUri(value)) {
          return true;
        }
        // Opening at a page (as office suites and LaTeX write) runs nothing.
        pending.push(...(name === 'OpenAction' && isOpenAtPage(object, value) ? [value] : [key, value]));
      }
    } else if (object instanceof PDFArray) {
      pending.push(...object.asArray());
    } else if (object instanceof PDFStream) {
      pending.push(object.dict);
    } else if (object instanceof PDFInvalidObject) {
      throw new PdfRefused('unreadable');
    }
  }
  return false;
}

/**
 * The name as a viewer reads it. pdf-lib decodes #xx escapes with upper-case hex digits only
 * (`/J#61vaScript`), so `/#4aavaScript` reaches us still escaped: decode it here as well.
 */
function nameValue(name: PDFName): string {
  return name
    .decodeText()
    .replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A destination, or a GoTo action to one that chains no further action (as LaTeX writes). */
function isOpenAtPage(dict: PDFDict, value: PDFObject): boolean {
  const target = value instanceof PDFRef ? dict.context.lookup(value) : value;
  return (
    target instanceof PDFArray ||
    (target instanceof PDFDict &&
      target.get(PDFName.of('S')) === PDFName.of('GoTo') &&
      !target.has(PDFName.of('Next')))
  );
}

function isJavaScriptUri(value: PDFObject): boolean {
  if (!(value instanceof PDFString || value instanceof PDFHexString)) {
    return false;
  }
  // Browsers ignore tabs, line breaks and control characters inside a scheme.
  const scheme = [...value.decodeText()].filter((char) => char > ' ').join('');
  return scheme.toLowerCase().startsWith('javascript:');
}

function countPages(catalog: PDFObject | undefined): number {
  if (!(catalog instanceof PDFDict)) {
    throw new PdfRefused('unreadable');
  }
  const context = catalog.context;
  const seen = new Set<PDFObject>();
  const pending: PDFObject[] = [catalog.get(PDFName.of('Pages')) ?? PDFArray.withContext(context)];
  let pages = 0;
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    const node = entry instanceof PDFRef ? context.lookup(entry) : entry;
    if (!(node instanceof PDFDict) || seen.has(node)) {
      throw new PdfRefused('unreadable');
    }
    seen.add(node);
    const kids = node.lookup(PDFName.of('Kids'));
    if (kids instanceof PDFArray) {
      pending.push(...kids.asArray());
    } else {
      pages += 1;
      if (pages > PDF_LIMITS.pages) {
        throw new PdfRefused('too-many-pages');
      }
    }
  }
  if (pages === 0) {
    throw new PdfRefused('unreadable');
  }
  return pages;
}

let objectStreamBudget = 0;
let refusalWhileParsing: PdfRefusal | null = null;
let bounded = false;

function refuseWhileParsing(reason: PdfRefusal): never {
  refusalWhileParsing = reason;
  throw new PdfRefused(reason);
}

/**
 * pdf-lib inflates object and cross-reference streams with no limit (a few KB can inflate to
 * gigabytes) and loops over whatever counts a cross-reference stream claims. Object streams are
 * inflated here by zlib within a budget instead; cross-reference streams are only read for their
 * trailer keys, since pdf-lib finds objects by reading the file from start to end.
 * Patches the library for the whole process: only the pdf-process child (and tests) import this.
 */
function boundPdfLibParsing() {
  if (bounded) {
    return;
  }
  bounded = true;
  const parseObjectStream = PDFObjectStreamParser.forStream;
  PDFObjectStreamParser.forStream = (rawStream, shouldWaitForTick) => {
    const count = rawStream.dict.lookup(PDFName.of('N'));
    if (!(count instanceof PDFNumber) || count.asNumber() > PDF_LIMITS.indirectObjects) {
      refuseWhileParsing('too-complex');
    }
    return parseObjectStream(inflated(rawStream), shouldWaitForTick);
  };
  PDFXRefStreamParser.forStream = (rawStream) => {
    const { dict } = rawStream;
    const trailerOnly = {
      parseIntoContext() {
        dict.context.trailerInfo = {
          Root: dict.get(PDFName.of('Root')),
          Encrypt: dict.get(PDFName.of('Encrypt')),
          Info: dict.get(PDFName.of('Info')),
          ID: dict.get(PDFName.of('ID')),
        };
        return [];
      },
    };
    return trailerOnly as unknown as PDFXRefStreamParser;
  };
}

/** The stream with its contents inflated and its filter gone; only Flate (or none) is accepted. */
function inflated(rawStream: PDFRawStream): PDFRawStream {
  const dict = rawStream.dict;
  const filter = dict.lookup(PDFName.of('Filter'));
  const filters = filter instanceof PDFArray ? filter.asArray() : filter === undefined ? [] : [filter];
  if (filters.length === 0) {
    return rawStream;
  }
  if (filters.length > 1 || filters[0] !== PDFName.of('FlateDecode') || dict.has(PDFName.of('DecodeParms'))) {
    refuseWhileParsing('unreadable');
  }
  let contents: Buffer;
  try {
    contents = inflateSync(rawStream.contents, {
      maxOutputLength: Math.max(1, objectStreamBudget),
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
    });
  } catch (err) {
    refuseWhileParsing(err instanceof RangeError ? 'too-complex' : 'unreadable');
  }
  objectStreamBudget -= contents.length;
  const plain = dict.clone();
  plain.delete(PDFName.of('Filter'));
  return PDFRawStream.of(plain, contents);
}
