import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';

const dist = mkdtempSync(path.join(tmpdir(), 'riyazi-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Riyazi</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');
writeFileSync(path.join(dist, 'sw.js'), 'const BUILD_ID = "1";');
writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Riyazi"}');

const t = useTestContext({ env: { CLIENT_DIST: dist } });

describe('serving the built client', () => {
  it('answers client routes with index.html so a reload keeps the page', async () => {
    for (const url of ['/', '/admin-a1b2c3/questions', '/login?from=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('answers an address the client has no page at with its page and 404, whatever the case or trailing slash of a known one', async () => {
    for (const [url, status] of [
      ['/no-such-page', 404],
      ['/profile/nope', 404],
      ['/admin-a1b2c3/no-such-page', 404],
      ['/Profile/Edit/', 200],
      ['/admin-a1b2c3/students/view/abc', 200],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it('serves a file added after start (a rebuilt client) without a restart', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves the service worker and the manifest with no-cache, so a new version is found on the next visit', async () => {
    const sw = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(sw.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const hashed = await t.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing asset with 404, never with the HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});
