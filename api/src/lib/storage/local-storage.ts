import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertKey,
  type ByteRange,
  contentTypeOfKey,
  type FileStorage,
  type ListedObject,
  type ObjectInfo,
} from './storage.js';

const isMissing = (error: unknown) => (error as { code?: unknown }).code === 'ENOENT';

/** A per-put temporary name, so a retry racing a stalled put never appends to its file. */
const partFileOf = (file: string) => `${file}.${randomBytes(4).toString('hex')}.part`;

async function writeAtomically(file: string, body: Buffer | Readable, mode: number): Promise<number> {
  const part = partFileOf(file);
  try {
    let size: number;
    if (Buffer.isBuffer(body)) {
      await writeFile(part, body, { mode });
      size = body.length;
    } else {
      const out = createWriteStream(part, { mode });
      // pipeline() waits for the disk (backpressure) and closes the file on any error.
      await pipeline(body, out);
      size = out.bytesWritten;
    }
    await rename(part, file);
    return size;
  } catch (error) {
    await rm(part, { force: true });
    throw error;
  }
}

async function* walk(dir: string, keyOf: (file: string) => string): AsyncGenerator<ListedObject> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: unknown) => {
    if (isMissing(error)) {
      return [];
    }
    throw error;
  });
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(file, keyOf);
    } else if (entry.isFile() && !entry.name.endsWith('.part')) {
      const info = await stat(file).catch(() => null);
      if (info) {
        yield { key: keyOf(file), size: info.size, lastModified: info.mtime };
      }
    }
  }
}

/** Files under `root` at the key's path (`<root>/documents/<uuid>.pdf`), as before there was a choice. */
export function localStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(base, ...key.split('/'));
  };
  const infoOf = async (key: string): Promise<ObjectInfo | null> => {
    const info = await stat(fileOf(key)).catch((error: unknown) => {
      if (isMissing(error)) {
        return null;
      }
      throw error;
    });
    if (!info?.isFile()) {
      return null;
    }
    return {
      size: info.size,
      contentType: contentTypeOfKey(key),
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  };
  return {
    driver: 'local',
    async put(key, body, options) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: options.isPublic ? 0o755 : 0o700 });
      return { size: await writeAtomically(file, body, options.isPublic ? 0o644 : 0o600) };
    },
    head: infoOf,
    async get(key, range?: ByteRange) {
      const info = await infoOf(key);
      if (!info) {
        return null;
      }
      const body = createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {});
      return { ...info, body, range: range ?? null };
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    list(prefix) {
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (dir) {
        assertKey(dir);
      }
      const keyOf = (file: string) => path.relative(base, file).split(path.sep).join('/');
      const all = walk(path.join(base, ...dir.split('/').filter(Boolean)), keyOf);
      return (async function* () {
        for await (const object of all) {
          if (object.key.startsWith(prefix)) {
            yield object;
          }
        }
      })();
    },
    async discardPartial(key) {
      const file = fileOf(key);
      const prefix = `${path.basename(file)}.`;
      const names = await readdir(path.dirname(file)).catch(() => [] as string[]);
      await Promise.all(
        names
          .filter((name) => name.startsWith(prefix) && name.endsWith('.part'))
          .map((name) => rm(path.join(path.dirname(file), name), { force: true })),
      );
    },
  };
}
