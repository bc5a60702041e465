import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { sniffType } from '../../lib/file-type.js';
import { checkPdf } from './pdf-check.js';

export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;
export type StoredType = 'image/jpeg' | 'application/pdf';

/**
 * Images are decoded and re-encoded (which drops EXIF, GPS and anything hidden after the pixels);
 * PDFs are parsed, refused when anything in them can run or open (see pdf-inspection.ts), and
 * written out again from the objects that were checked.
 */
export async function sanitizeDocument(bytes: Buffer): Promise<{ data: Buffer; contentType: StoredType }> {
  const type = sniffType(bytes);
  if (type === null || type === 'image/gif') {
    throw badRequest('The file must be a photo (JPEG, PNG or WebP) or a PDF');
  }
  if (type === 'application/pdf') {
    return { data: await checkPdf(bytes), contentType: 'application/pdf' };
  }
  try {
    const data = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: 2000, height: 2000, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer();
    return { data, contentType: 'image/jpeg' };
  } catch {
    throw badRequest('This image could not be read. Please take the photo again.');
  }
}

export function documentStore(root: string) {
  const dir = path.resolve(root, 'documents');
  const fileOf = (key: string) => {
    if (!/^[0-9a-f-]{36}\.(jpg|pdf)$/.test(key)) {
      throw new Error('bad storage key');
    }
    return path.join(dir, key);
  };
  return {
    async save(data: Buffer, contentType: StoredType): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = `${randomUUID()}.${contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
      const temp = `${fileOf(key)}.part`;
      try {
        await writeFile(temp, data, { mode: 0o600 });
        await rename(temp, fileOf(key));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return key;
    },
    read: (key: string) => readFile(fileOf(key)),
    /** For a file whose row was never written. */
    remove: (key: string) => rm(fileOf(key), { force: true }),
  };
}
