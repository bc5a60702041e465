import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.js';
import { sniffType } from '../../lib/file-type.js';
import type { FileStorage } from '../../lib/storage/index.js';
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

/** A student_documents.storage_key: the file's name under documents/. */
export const isDocumentKey = (storageKey: string) => /^[0-9a-f-]{36}\.(jpg|pdf)$/.test(storageKey);

/** Student documents in the storage, under documents/ (private: served only through the api). */
export function documentStore(storage: FileStorage) {
  const keyOf = (storageKey: string) => {
    if (!isDocumentKey(storageKey)) {
      throw new Error('bad storage key');
    }
    return `documents/${storageKey}`;
  };
  return {
    async save(data: Buffer, contentType: StoredType): Promise<string> {
      const storageKey = `${randomUUID()}.${contentType === 'application/pdf' ? 'pdf' : 'jpg'}`;
      await storage.put(keyOf(storageKey), data, { contentType });
      return storageKey;
    },
    /** null when the file is gone. */
    read: (storageKey: string) => storage.get(keyOf(storageKey)),
    /** For a file whose row was never written, or whose student was deleted. */
    remove: (storageKey: string) => storage.delete(keyOf(storageKey)),
  };
}
