import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from './precompress.ts';

describe('precompressDir', () => {
  it('writes .br and .gz beside text files above 1 KB, and nothing beside small or binary files or the service worker', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'riyazi-precompress-'));
    mkdirSync(path.join(dir, 'assets'));
    const js = `export const x = ${JSON.stringify('riyazi '.repeat(500))};`;
    writeFileSync(path.join(dir, 'assets', 'app.js'), js);
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>riyazi</p>'.repeat(200)}`);
    writeFileSync(path.join(dir, 'assets', 'small.css'), 'body{margin:0}');
    writeFileSync(path.join(dir, 'assets', 'font.woff2'), Buffer.alloc(4096, 1));
    writeFileSync(path.join(dir, 'sw.js'), `const SHELL = ${JSON.stringify('x'.repeat(4096))};`);

    expect(await precompressDir(dir)).toEqual({ files: 2 });

    const br = readFileSync(path.join(dir, 'assets', 'app.js.br'));
    expect(brotliDecompressSync(br).toString()).toBe(js);
    expect(br.length).toBeLessThan(js.length / 5);
    expect(gunzipSync(readFileSync(path.join(dir, 'assets', 'app.js.gz'))).toString()).toBe(js);
    expect(existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(existsSync(path.join(dir, 'assets', 'small.css.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'assets', 'font.woff2.gz'))).toBe(false);
    expect(existsSync(path.join(dir, 'sw.js.br'))).toBe(false);
  });
});
