import { actionsOf, MODULES } from '@riyazi/api/contracts';
import { bearer, loginStaff, makeStaff, type TestContext } from '../../test/helpers.js';

// Shared by script-admin*.int.test.ts: staff signed in, an action run, its audit rows.

const everyGrant = MODULES.flatMap((module) =>
  actionsOf(module).map((action): [typeof module, typeof action] => [module, action]),
);

/** Script admin's calls on a test file's app. */
export function scriptAdminCalls(t: Pick<TestContext, 'db' | 'app'>) {
  return {
    /** A Super Admin, or staff holding every other permission, and their token. */
    async signIn(superAdmin: boolean) {
      const staff = await makeStaff(
        t.db,
        superAdmin ? { superAdmin: true } : { permissions: [...everyGrant] },
      );
      return { staff, token: (await loginStaff(t.app, staff)).accessToken };
    },
    run: (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/script-admin/run', headers: bearer(token), payload }),
    auditRows: (action: string) =>
      t.db.selectFrom('auditLog').select(['actorId', 'details']).where('action', '=', action).execute(),
  };
}
