import { createInflateRaw } from 'node:zlib';

/** What a spreadsheet (a zip) may expand to before we let a parser inflate it into memory. */
export interface ZipLimits {
  maxUncompressedBytes: number;
  maxEntries: number;
}

export type ZipCheck =
  | { ok: true; uncompressedBytes: number; entries: number }
  | { ok: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_HEADER_SIGNATURE = 0x02014b50;
const EOCD_MIN_LENGTH = 22;

/**
 * Reads the zip's central directory and sums the sizes it declares, so a "zip bomb" (a small
 * upload that inflates to gigabytes) is refused before any parser decompresses it. Zip64 archives
 * are refused: no spreadsheet a school uploads needs one. The declared sizes can lie: scanZip
 * measures what really comes out.
 */
export function checkZipLimits(bytes: Buffer, limits: ZipLimits): ZipCheck {
  try {
    const { entries } = directoryOf(bytes, limits.maxEntries);
    let total = 0;
    for (const entry of entries) {
      total += entry.declaredSize;
      if (total > limits.maxUncompressedBytes) {
        return { ok: false, reason: 'expands to more than the allowed size' };
      }
    }
    return { ok: true, uncompressedBytes: total, entries: entries.length };
  } catch (err) {
    if (err instanceof Refused) {
      return { ok: false, reason: err.reason };
    }
    throw err;
  }
}

export interface ZipScanLimits extends ZipLimits {
  /** Worksheet rows (`<row>` elements, counted while inflating) above which the file is refused. */
  maxSheetRows?: number;
}

export type ZipScan =
  | { ok: true; inflatedBytes: number; entries: number; sheetRows: number }
  | {
      ok: false;
      reason:
        | 'not a zip archive'
        | 'broken zip'
        | 'zip64 archives are not accepted'
        | 'too many files inside'
        | 'unsupported compression'
        | 'expands to more than the allowed size'
        | 'too many rows';
    };

type ZipRefusal = Extract<ZipScan, { ok: false }>['reason'];

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/i;

class Refused extends Error {
  constructor(readonly reason: ZipRefusal) {
    super(reason);
  }
}

interface DirectoryEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** What the zip says the entry inflates to (it may lie). */
  declaredSize: number;
  localOffset: number;
}

/** The entries the central directory lists, checked for shape (not a zip, zip64, too many, broken). */
function directoryOf(bytes: Buffer, maxEntries: number): { entries: DirectoryEntry[]; end: number } {
  const searchFrom = Math.max(0, bytes.length - (EOCD_MIN_LENGTH + 0xffff));
  let eocd = -1;
  for (let at = bytes.length - EOCD_MIN_LENGTH; at >= searchFrom; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) {
    throw new Refused('not a zip archive');
  }
  const count = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    throw new Refused('zip64 archives are not accepted');
  }
  if (count > maxEntries) {
    throw new Refused('too many files inside');
  }
  if (directoryOffset + directorySize > eocd) {
    throw new Refused('broken zip');
  }
  const entries: DirectoryEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) {
      throw new Refused('broken zip');
    }
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declaredSize = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const localOffset = bytes.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || declaredSize === 0xffffffff || localOffset === 0xffffffff) {
      throw new Refused('zip64 archives are not accepted');
    }
    entries.push({
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize,
      declaredSize,
      localOffset,
    });
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { entries, end: directoryOffset };
}

interface Entry {
  name: string;
  method: number;
  data: Buffer;
}

/** The entries as the central directory lists them, each with the bytes a zip reader would inflate. */
function entriesOf(bytes: Buffer, maxEntries: number): Entry[] {
  const directory = directoryOf(bytes, maxEntries);
  return directory.entries.map(({ name, method, compressedSize, localOffset }) => {
    if (localOffset + 30 > directory.end || bytes.readUInt32LE(localOffset) !== LOCAL_HEADER_SIGNATURE) {
      throw new Refused('broken zip');
    }
    const dataStart =
      localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > directory.end) {
      throw new Refused('broken zip');
    }
    return { name, method, data: bytes.subarray(dataStart, dataStart + compressedSize) };
  });
}

const ROW_END = new Set([0x20, 0x09, 0x0a, 0x0d, 0x2f, 0x3e]);

/** Counts `<row …>` (or `<x:row …>`) start tags across chunks, a tag split between two included. */
function rowCounter() {
  let tail = Buffer.alloc(0);
  let rows = 0;
  return {
    add(chunk: Buffer) {
      const text = tail.length === 0 ? chunk : Buffer.concat([tail, chunk]);
      let at = text.indexOf('row');
      // A match needs one byte before and one after it, so the last 3 bytes wait for the next chunk.
      while (at !== -1 && at + 3 < text.length) {
        const before = text[at - 1];
        if ((before === 0x3c || before === 0x3a) && ROW_END.has(text[at + 3] ?? 0)) {
          rows += 1;
        }
        at = text.indexOf('row', at + 1);
      }
      tail = Buffer.from(text.subarray(Math.max(0, text.length - 4)));
      return rows;
    },
    get rows() {
      return rows;
    },
  };
}

/** Inflates one entry, counting what comes out; stops (and refuses) once `budget` bytes are passed. */
function inflateCounting(data: Buffer, budget: number, onChunk: (chunk: Buffer) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflater = createInflateRaw();
    let produced = 0;
    let settled = false;
    const stop = (error: Error | null) => {
      if (!settled) {
        settled = true;
        inflater.destroy();
        if (error) {
          reject(error);
        } else {
          resolve(produced);
        }
      }
    };
    inflater.on('data', (chunk: Buffer) => {
      produced += chunk.length;
      if (produced > budget) {
        stop(new Refused('expands to more than the allowed size'));
        return;
      }
      try {
        onChunk(chunk);
      } catch (err) {
        stop(err instanceof Error ? err : new Error(String(err)));
      }
    });
    inflater.once('error', () => stop(new Refused('broken zip')));
    inflater.once('end', () => stop(null));
    inflater.end(data);
  });
}

/**
 * Inflates every entry the way a zip reader (ExcelJS) will, counting the bytes that really come out
 * and stopping as soon as the total passes the limit, since the sizes a zip declares can lie. Nothing
 * inflated is kept: only a byte count, and the rows of its worksheets when `maxSheetRows` is set.
 */
export async function scanZip(bytes: Buffer, limits: ZipScanLimits): Promise<ZipScan> {
  try {
    const entries = entriesOf(bytes, limits.maxEntries);
    let total = 0;
    let sheetRows = 0;
    for (const entry of entries) {
      const counter = WORKSHEET.test(entry.name) ? rowCounter() : null;
      const onChunk = (chunk: Buffer) => {
        if (
          counter &&
          limits.maxSheetRows !== undefined &&
          sheetRows + counter.add(chunk) > limits.maxSheetRows
        ) {
          throw new Refused('too many rows');
        }
      };
      const budget = limits.maxUncompressedBytes - total;
      if (entry.method === 0) {
        if (entry.data.length > budget) {
          throw new Refused('expands to more than the allowed size');
        }
        onChunk(entry.data);
        total += entry.data.length;
      } else if (entry.method === 8) {
        total += await inflateCounting(entry.data, budget, onChunk);
      } else {
        throw new Refused('unsupported compression');
      }
      sheetRows += counter?.rows ?? 0;
    }
    return { ok: true, inflatedBytes: total, entries: entries.length, sheetRows };
  } catch (err) {
    if (err instanceof Refused) {
      return { ok: false, reason: err.reason };
    }
    throw err;
  }
}
