import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkHeader, routePreloadLinks } from './route-preloads.js';

const group = {
  paths: ['/login', '/dashboard'],
  scripts: ['/assets/student-pages-a1.js', '/assets/en-student-b2.js'],
  styles: ['/assets/student-pages-c3.css'],
};

describe('linkHeader', () => {
  it('names scripts as module preloads and styles as style preloads', () => {
    expect(linkHeader(group)).toBe(
      '</assets/student-pages-a1.js>; rel=modulepreload, </assets/en-student-b2.js>; rel=modulepreload, </assets/student-pages-c3.css>; rel=preload; as=style; crossorigin',
    );
  });

  it('leaves the English texts out for a browser that asks for Urdu first', () => {
    expect(linkHeader(group, 'ur-PK,ur;q=0.9,en;q=0.8')).not.toContain('en-student');
    expect(linkHeader(group, 'en-GB,ur;q=0.5')).toContain('en-student');
  });
});

describe('routePreloadLinks', () => {
  it('answers the group of a path (trailing slash or not) and nothing for other paths', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
    writeFileSync(path.join(dist, 'route-preloads.json'), JSON.stringify([group]));
    const links = routePreloadLinks(dist);
    expect(await links('/login')).toContain('student-pages-a1.js');
    expect(await links('/dashboard/')).toContain('student-pages-a1.js');
    expect(await links('/')).toBeNull();
    expect(await links('/dashboard/other')).toBeNull();
  });

  it('ignores a missing or damaged file and anything that is not a built asset', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
    expect(await routePreloadLinks(dist)('/login')).toBeNull();
    writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify([
        { paths: ['/login'], scripts: ['https://evil.example/x.js', '/assets/ok.js'], styles: [7] },
      ]),
    );
    expect(await routePreloadLinks(dist)('/login')).toBe('</assets/ok.js>; rel=modulepreload');
    const broken = mkdtempSync(path.join(tmpdir(), 'route-preloads-'));
    writeFileSync(path.join(broken, 'route-preloads.json'), '{not json');
    expect(await routePreloadLinks(broken)('/login')).toBeNull();
  });
});
