import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text assets worth compressing; fonts and images are compressed already. */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|xml|txt|map)$/;
/**
 * Served as written, never from a copy: the service worker (small, fetched without cache on every
 * visit) must be exactly the file on disk, even when someone edits it after the build.
 */
export const UNCOMPRESSED = new Set(['sw.js']);
/** Below this a compressed copy saves less than its headers and a second file lookup cost. */
export const MIN_BYTES = 1024;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` (brotli, max quality) and `<file>.gz` (gzip -9) beside each text file of `dir`. */
export async function precompressDir(dir: string): Promise<{ files: number }> {
  const files = (await listFiles(dir)).filter(
    (file) => COMPRESSIBLE.test(file) && !UNCOMPRESSED.has(path.relative(dir, file)),
  );
  let count = 0;
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) {
      continue;
    }
    const source = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(source, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
      gzipAsync(source, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
    count += 1;
  }
  return { files: count };
}

/** Vite plugin: after the bundle is written, precompress every text asset of the output dir. */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'riyazi:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const { files } = await precompressDir(outDir);
      this.info(`precompressed ${files} files (.br, .gz)`);
    },
  };
}
