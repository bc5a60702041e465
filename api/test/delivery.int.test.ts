import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';

// A built client in miniature: each text file beside its .br and .gz, as the client build writes them.
const dist = mkdtempSync(path.join(tmpdir(), 'riyazi-delivery-'));
mkdirSync(path.join(dist, 'assets'));
const html = `<!doctype html><title>Riyazi</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const precompressed = (file: string, text: string) => {
  writeFileSync(path.join(dist, file), text);
  writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text));
};
precompressed('index.html', html);
precompressed('assets/app-1.js', script);
// Under the build's 1 KB floor: no compressed copies.
writeFileSync(path.join(dist, 'assets', 'tiny-1.css'), 'body{margin:0}');

const t = useTestContext({ env: { CLIENT_DIST: dist, PUBLIC_URL: 'https://riyazi.example.pk' } });

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('client files are sent precompressed', () => {
  it('sends brotli to a browser that accepts it, with Vary and the immutable cache of hashed assets', async () => {
    const res = await get('/assets/app-1.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('keeps nosniff and HSTS on a hashed asset but not the headers only documents read', async () => {
    const res = await get('/assets/app-1.js', 'br');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    const page = await get('/dashboard', 'br');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends gzip to a browser without brotli', async () => {
    const res = await get('/assets/app-1.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is when no compression is accepted, still with Vary', async () => {
    for (const acceptEncoding of [undefined, 'identity']) {
      const res = await get('/assets/app-1.js', acceptEncoding);
      expect(res.headers['content-encoding'], acceptEncoding).toBeUndefined();
      expect(res.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(res.body, acceptEncoding).toBe(script);
    }
  });

  it('sends a small file without a compressed copy as it is, even to a browser that accepts brotli', async () => {
    const res = await get('/assets/tiny-1.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('sends index.html compressed and never cached stale, on / and on the client-route fallback', async () => {
    for (const url of ['/', '/dashboard', '/quiz?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
    const plain = await get('/dashboard');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('answers robots.txt as text with the rules and the sitemap, not the app page', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const rule of [
      'Disallow: /api/',
      'Disallow: /admin-a1b2c3',
      'Disallow: /dashboard',
      'Disallow: /quiz',
      'Disallow: /profile',
      'Allow: /practice-quiz-info',
      'Sitemap: https://riyazi.example.pk/sitemap.xml',
    ]) {
      expect(lines).toContain(rule);
    }
    expect(res.body).not.toContain('<div id="root">');
  });

  it('lists the public pages with absolute URLs from PUBLIC_URL, and no private page', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://riyazi.example.pk/',
        'https://riyazi.example.pk/login',
        'https://riyazi.example.pk/signup',
        'https://riyazi.example.pk/champions-board',
        'https://riyazi.example.pk/practice-quiz-info',
      ]),
    );
    expect(locs.some((loc) => /dashboard|admin|\/quiz|profile/.test(loc ?? ''))).toBe(false);
  });
});

describe('API answers are compressed above a threshold', () => {
  beforeAll(async () => {
    await t.db
      .insertInto('grades')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          title: `Delivery grade ${i} ${'x'.repeat(20)}`,
          sortOrder: 1000 + i,
        })),
      )
      .execute();
  });

  it('compresses a large JSON answer with brotli or gzip as accepted', async () => {
    const plain = await get('/api/grades/options');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(4000);

    const br = await get('/api/grades/options', 'gzip, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.body));

    const gz = await get('/api/grades/options', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.body));
  });

  it('sends a small JSON answer as it is', async () => {
    const res = await get('/api/health', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok' });
  });
});
