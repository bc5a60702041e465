import { clientRoutePatterns } from '@riyazi/api/contracts';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { routes } from './router';

/** The pages the route objects name (an index route is its parent's path; `*` catch-alls left out). */
function routedPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.index) {
      return [parent || '/'];
    }
    const path = route.path ?? '';
    const own = path === '' ? parent : path.startsWith('/') ? path : `${parent}/${path}`;
    const here = path === '' || path.endsWith('*') ? [] : [own];
    return [...here, ...routedPaths(route.children ?? [], own)];
  });
}

describe('the route table', () => {
  it('routes exactly the student pages of the contracts, which the api serves with 200 (others 404)', () => {
    const { admin, ...student } = paths;
    expect(routedPaths(routes).sort()).toEqual(Object.values(student).sort());
    // The back office routes its own pages under its prefix (admin-root.tsx, from ADMIN_PAGES).
    expect(routes[0]?.children?.some((route) => route.path === `${admin.root}/*`)).toBe(true);
    expect(clientRoutePatterns()).toEqual(expect.arrayContaining(Object.values(admin)));
  });
});
