import { describe, expect, it } from 'vitest';
import { CLIENT_PATHS, isClientRoute } from './client-routes.js';

describe('isClientRoute', () => {
  it('knows every page, with or without a trailing slash, in any case', () => {
    for (const path of ['/', '/login', '/login/', '/LOGIN', '/profile/edit', CLIENT_PATHS.admin.root]) {
      expect(isClientRoute(path), path).toBe(true);
    }
  });

  it('fills a parameter with exactly one segment', () => {
    expect(isClientRoute('/admin-a1b2c3/students/view/abc')).toBe(true);
    expect(isClientRoute('/admin-a1b2c3/students/view/')).toBe(false);
    expect(isClientRoute('/admin-a1b2c3/students/view/abc/def')).toBe(false);
  });

  it('refuses what the client shows as "Page not found"', () => {
    for (const path of [
      '/no-such-page',
      '/profile/nope',
      '/admin-a1b2c3x',
      '/admin-a1b2c3/nope',
      '/index.htm',
    ]) {
      expect(isClientRoute(path), path).toBe(false);
    }
  });
});
