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
 * are refused: no spreadsheet a school uploads needs one.
 */
export function checkZipLimits(bytes: Buffer, limits: ZipLimits): ZipCheck {
  const searchFrom = Math.max(0, bytes.length - (EOCD_MIN_LENGTH + 0xffff));
  let eocd = -1;
  for (let at = bytes.length - EOCD_MIN_LENGTH; at >= searchFrom; at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd === -1) {
    return { ok: false, reason: 'not a zip archive' };
  }
  const entries = bytes.readUInt16LE(eocd + 10);
  const directorySize = bytes.readUInt32LE(eocd + 12);
  const directoryOffset = bytes.readUInt32LE(eocd + 16);
  if (entries === 0xffff || directoryOffset === 0xffffffff || directorySize === 0xffffffff) {
    return { ok: false, reason: 'zip64 archives are not accepted' };
  }
  if (entries > limits.maxEntries) {
    return { ok: false, reason: `too many files inside (${entries})` };
  }
  if (directoryOffset + directorySize > eocd) {
    return { ok: false, reason: 'broken zip directory' };
  }
  let at = directoryOffset;
  let total = 0;
  for (let i = 0; i < entries; i += 1) {
    if (at + 46 > eocd || bytes.readUInt32LE(at) !== CENTRAL_HEADER_SIGNATURE) {
      return { ok: false, reason: 'broken zip directory' };
    }
    const uncompressed = bytes.readUInt32LE(at + 24);
    if (uncompressed === 0xffffffff) {
      return { ok: false, reason: 'zip64 archives are not accepted' };
    }
    total += uncompressed;
    if (total > limits.maxUncompressedBytes) {
      return { ok: false, reason: 'expands to more than the allowed size' };
    }
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return { ok: true, uncompressedBytes: total, entries };
}
