import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, transformWithOxc } from 'vite';

const SW_SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../sw/sw.ts');

/** The hashed scripts, module preloads and stylesheets the built index.html loads at start. */
export function shellAssets(html: string): string[] {
  const found = [...html.matchAll(/(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1] ?? '');
  return [...new Set(found)].sort();
}

/** A short id that changes whenever the shell or the worker's own code changes. */
export function buildId(html: string, workerCode: string): string {
  return createHash('sha256').update(html).update('\0').update(workerCode).digest('hex').slice(0, 12);
}

/**
 * Writes dist/sw.js in production builds: client/sw/sw.ts without its types, preceded by the build
 * id and the shell's file list (index.html and the entry's hashed JS and CSS).
 */
export function serviceWorkerPlugin(): Plugin {
  return {
    name: 'riyazi-service-worker',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page?.type !== 'asset') {
        this.error('the service worker needs index.html in the bundle');
      }
      const html = page.source.toString();
      const shellFiles = ['/index.html', ...shellAssets(html)];
      if (shellFiles.length < 2) {
        this.error('index.html loads no /assets/ file: nothing to precache');
      }
      const { code } = await transformWithOxc(readFileSync(SW_SOURCE, 'utf8'), SW_SOURCE, { lang: 'ts' });
      const source = [
        `const BUILD_ID = ${JSON.stringify(buildId(html, code))};`,
        `const SHELL_FILES = ${JSON.stringify(shellFiles)};`,
        code,
      ].join('\n');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
