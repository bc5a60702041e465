import { type Db, prepared } from '@riyazi/db';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AccessTokens, bearerToken } from '../auth/tokens.js';
import { hasPermission, type Permission } from '../contracts/permissions.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { loadActiveStaff, type StaffIdentity } from '../modules/staff-auth/staff-auth.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Staff route guarded by a module + action of spec §6. */
    permission?: Permission;
    /** Staff route needing only a signed-in staff member. */
    staffOnly?: boolean;
    /** Route for a signed-in, active student. */
    studentOnly?: boolean;
  }
  interface FastifyRequest {
    staff: StaffIdentity | null;
    /** The signed-in student's internal id (studentOnly routes). */
    studentId: string | null;
  }
  interface FastifyInstance {
    /** Every staff-guarded route, for the permission matrix test and the docs. */
    guardedRoutes: GuardedRoute[];
  }
}

export interface GuardedRoute {
  method: string;
  url: string;
  permission: Permission | null;
}

export interface AuthPluginOptions {
  db: Db;
  tokens: AccessTokens;
}

export async function authenticateStaff(
  request: FastifyRequest,
  db: Db,
  tokens: AccessTokens,
): Promise<StaffIdentity> {
  const token = bearerToken(request.headers.authorization);
  const staffId = token ? tokens.verify('staff', token) : null;
  const staff = staffId ? await loadActiveStaff(db, staffId) : null;
  if (!staff) {
    throw unauthorized();
  }
  request.staff = staff;
  return staff;
}

/** Adds the staff check to every route that declares a permission (or staffOnly) in its config. */
async function authPlugin(app: FastifyInstance, { db, tokens }: AuthPluginOptions): Promise<void> {
  app.decorateRequest('staff', null);
  app.decorateRequest('studentId', null);
  const guardedRoutes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guardedRoutes);

  const guard = (permission: Permission | undefined): preHandlerHookHandler =>
    async function staffGuard(request) {
      const staff = await authenticateStaff(request, db, tokens);
      if (permission && !hasPermission(staff.permissions, staff.isSuperAdmin, permission)) {
        throw forbidden();
      }
    };

  // A student's account is checked on every call, but a contest makes thousands of calls a
  // second: an active account is remembered for a few seconds (a deactivation applies within that).
  const activeStudents = new Map<string, number>();
  const ACTIVE_FOR_MS = 5000;
  const studentGuard: onRequestHookHandler = async function studentGuard(request) {
    const token = bearerToken(request.headers.authorization);
    const studentId = token ? tokens.verify('student', token) : null;
    if (studentId === null) {
      throw unauthorized();
    }
    const now = Date.now();
    if ((activeStudents.get(studentId) ?? 0) <= now) {
      const student = await db
        .selectFrom('students')
        .select(['id', 'isActive'])
        .where('id', '=', studentId)
        .modifyFront(prepared)
        .executeTakeFirst();
      if (!student?.isActive) {
        activeStudents.delete(studentId);
        throw unauthorized();
      }
      if (activeStudents.size > 100_000) {
        activeStudents.clear();
      }
      activeStudents.set(studentId, now + ACTIVE_FOR_MS);
    }
    request.studentId = studentId;
  };

  app.addHook('onRoute', (route) => {
    if (route.config?.studentOnly) {
      const existing = route.onRequest;
      route.onRequest = [...(existing ? [existing].flat() : []), studentGuard];
      return;
    }
    const permission = route.config?.permission;
    if (!permission && !route.config?.staffOnly) {
      return;
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') {
        guardedRoutes.push({ method, url: route.url, permission: permission ?? null });
      }
    }
    const existing = route.onRequest;
    const hooks: onRequestHookHandler[] = existing ? (Array.isArray(existing) ? existing : [existing]) : [];
    // onRequest runs before body parsing: an unauthenticated caller never gets its body parsed.
    route.onRequest = [...hooks, guard(permission) as onRequestHookHandler];
  });
}

export default fp(authPlugin, { name: 'auth' });
