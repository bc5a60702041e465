import type { FileStorage } from './storage/index.js';
import { contentTypeOfKey } from './storage/index.js';

/** URL prefix of public files (question images); the files never change once written. */
export const PUBLIC_FILES_PREFIX = '/uploads/';
/** Where public files sit in the storage (on disk: `<UPLOAD_DIR>/public`). */
export const PUBLIC_STORAGE_PREFIX = 'public/';
const KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.(webp|jpg|png)$/;

export const isPublicFileKey = (key: string) => KEY.test(key);

/**
 * Public, immutable files. Keys are content-addressed (`images/<hash>-960.webp`), so a key is
 * written once and may be cached for a year.
 */
export interface PublicFileStore {
  /** Writes the file unless it is already there; returns its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  urlOf(key: string): string;
  /** Deletes the file (a missing one is not an error). Only for keys no other record shares. */
  remove(key: string): Promise<void>;
  /** The storage key of a public file key (what the storage holds). */
  storageKeyOf(key: string): string;
}

export function publicFileStore(storage: FileStorage): PublicFileStore {
  const storageKeyOf = (key: string) => {
    if (!isPublicFileKey(key)) {
      throw new Error(`bad public file key: ${key}`);
    }
    return `${PUBLIC_STORAGE_PREFIX}${key}`;
  };
  const urlOf = (key: string) => {
    storageKeyOf(key);
    return `${PUBLIC_FILES_PREFIX}${key}`;
  };
  return {
    urlOf,
    storageKeyOf,
    async remove(key) {
      await storage.delete(storageKeyOf(key));
    },
    async put(key, data) {
      const storageKey = storageKeyOf(key);
      if (!(await storage.head(storageKey))) {
        await storage.put(storageKey, data, { contentType: contentTypeOfKey(key), isPublic: true });
      }
      return urlOf(key);
    },
  };
}
