import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestContext,
  resetDatabase,
  signedInStaff,
  type TestContext,
} from '../../test/helpers.js';

let t: TestContext;
let noPermissionToken: string;
let superAdminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  await resetDatabase(t.db);
  noPermissionToken = (await signedInStaff(t, {})).token;
  superAdminToken = (await signedInStaff(t, { superAdmin: true })).token;
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, url: string, token?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
    headers: token ? bearer(token) : {},
    payload: method === 'GET' ? undefined : {},
  });

describe('every staff route checks its permission on the server', () => {
  it('has guarded routes to check', () => {
    expect(t.app.guardedRoutes.length).toBeGreaterThanOrEqual(5);
  });

  it('answers 401 to every guarded route without a token', async () => {
    for (const route of t.app.guardedRoutes) {
      const res = await call(route.method, route.url);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.json(), `${route.method} ${route.url}`).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to staff without the route permission', async () => {
    for (const route of t.app.guardedRoutes.filter((r) => r.permission)) {
      const res = await call(route.method, route.url, noPermissionToken);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });

  it('lets a Super Admin past the guard', async () => {
    for (const route of t.app.guardedRoutes) {
      const res = await call(route.method, route.url, superAdminToken);
      expect([401, 403], `${route.method} ${route.url}`).not.toContain(res.statusCode);
    }
  });
});
