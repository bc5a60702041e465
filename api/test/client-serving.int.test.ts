import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';

const dist = mkdtempSync(path.join(tmpdir(), 'riyazi-dist-'));
mkdirSync(path.join(dist, 'assets'));
writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Riyazi</title><div id="root"></div>');
writeFileSync(path.join(dist, 'assets', 'app-1.js'), 'console.log(1)');

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

  it('serves a file added after start (a rebuilt client) without a restart', async () => {
    writeFileSync(path.join(dist, 'assets', 'app-2.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-2.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing asset with 404, never with the HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});
