#!/usr/bin/env node
// Bundles the api and the workers into plain JavaScript (api/dist, workers/dist) so they run on
// node alone: tsx keeps every transformed module and its source map in memory, about 50 MB per
// process. Our own packages (@riyazi/*) are bundled; every other package stays an import from
// node_modules. Takes well under a second; `npm start` runs it every time, so dist is never stale.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Bare imports of installed packages stay imports; relative files, @riyazi/* and #modules/* are bundled. */
const installedPackagesExternal = {
  name: 'installed-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./#]/ }, (args) =>
      args.path.startsWith('@riyazi/') ? undefined : { path: args.path, external: true },
    );
  },
};

export const SERVER_ENTRIES = {
  'api/dist/server': 'api/src/server.ts',
  // Forked by the api for each PDF upload (next to server.mjs, where pdf-check.ts looks).
  'api/dist/pdf-process': 'api/src/modules/documents/pdf-process.ts',
  'workers/dist/main': 'workers/src/main.ts',
  // Forked by the workers for each student export (next to main.mjs, where exports.ts looks).
  'workers/dist/export-process': 'workers/src/processors/export-process.ts',
};

export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: SERVER_ENTRIES,
    outdir: root,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Linked maps for reading a stack trace by hand; node does not load them unless asked
    // (--enable-source-maps), so they cost no memory.
    sourcemap: 'linked',
    plugins: [installedPackagesExternal],
    logLevel: 'warning',
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildServer();
  console.log(`  api and workers bundled in ${Date.now() - started} ms`);
}
