import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** URL prefix of public files (question images); the files never change once written. */
export const PUBLIC_FILES_PREFIX = '/uploads/';
const KEY = /^[a-z]+\/[A-Za-z0-9_-]+\.(webp|jpg|png)$/;

/**
 * Where public, immutable files live. Keys are content-addressed (`images/<hash>-960.webp`), so
 * a key is written once and may be cached for a year. Local disk by default; an object store
 * (S3-compatible) implements the same two calls.
 */
export interface PublicFileStore {
  /** Writes the file unless it is already there; returns its public URL. */
  put(key: string, data: Buffer): Promise<string>;
  urlOf(key: string): string;
}

export function publicDirOf(uploadRoot: string): string {
  return path.resolve(uploadRoot, 'public');
}

export function localPublicFileStore(uploadRoot: string): PublicFileStore {
  const root = publicDirOf(uploadRoot);
  const fileOf = (key: string) => {
    if (!KEY.test(key)) {
      throw new Error(`bad public file key: ${key}`);
    }
    return path.join(root, key);
  };
  const urlOf = (key: string) => {
    fileOf(key);
    return `${PUBLIC_FILES_PREFIX}${key}`;
  };
  return {
    urlOf,
    async put(key, data) {
      const file = fileOf(key);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(file), { recursive: true });
        // Written aside then renamed: a reader never sees half a file.
        const temp = `${file}.${process.pid}.${Date.now()}.part`;
        await writeFile(temp, data, { mode: 0o644 });
        await rename(temp, file);
      }
      return urlOf(key);
    },
  };
}
