import type { Db } from '@riyazi/db';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { type AccessTokens, bearerToken } from '../auth/tokens.js';
import { hasPermission, type Permission } from '../contracts/permissions.js';
import { createBatcher } from '../lib/batcher.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { loadActiveStaff, type StaffIdentity } from '../modules/staff-auth/staff-auth.service.js';
import { activeStudentIds } from '../modules/student-auth/student-auth.repository.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Staff route guarded by a module + action of spec §6. */
    permission?: Permission;
    /** Staff route needing only a signed-in staff member. */
    staffOnly?: boolean;
    /** Route for a signed-in, active student. */
    studentOnly?: boolean;
    /**
     * With studentOnly: staff holding this permission may call the route too (request.staff is set
     * for them, request.studentId for a student). The handler decides what each may see.
     */
    orStaffWith?: Permission;
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

  const checkStaff = async (request: FastifyRequest, permission: Permission | undefined) => {
    const staff = await authenticateStaff(request, db, tokens);
    if (permission && !hasPermission(staff.permissions, staff.isSuperAdmin, permission)) {
      throw forbidden();
    }
  };
  const guard = (permission: Permission | undefined): preHandlerHookHandler =>
    async function staffGuard(request) {
      await checkStaff(request, permission);
    };

  // A student's account is checked on every call, but a contest makes thousands of calls a
  // second: an active account is remembered for a few seconds (a deactivation applies within that).
  const activeStudents = new Map<string, number>();
  const ACTIVE_FOR_MS = 5000;
  // The students whose first call arrives together are checked in one statement.
  const isActiveStudent = createBatcher<string, boolean>({
    run: async (ids) => {
      const active = await activeStudentIds(db, ids);
      return ids.map((id) => active.has(id));
    },
  });
  const checkStudent = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const studentId = token ? tokens.verify('student', token) : null;
    if (studentId === null) {
      throw unauthorized();
    }
    const now = Date.now();
    if ((activeStudents.get(studentId) ?? 0) <= now) {
      if (!(await isActiveStudent(studentId))) {
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
  const studentGuard: onRequestHookHandler = async function studentGuard(request) {
    await checkStudent(request);
  };

  // A student's token goes to the student check; anything else must be staff with the permission.
  const studentOrStaffGuard = (permission: Permission): onRequestHookHandler =>
    async function studentOrStaffGuard(request) {
      const token = bearerToken(request.headers.authorization);
      await (token && tokens.verify('student', token) !== null
        ? checkStudent(request)
        : checkStaff(request, permission));
    };

  app.addHook('onRoute', (route) => {
    if (route.config?.studentOnly) {
      const staffPermission = route.config.orStaffWith;
      if (staffPermission) {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') {
            guardedRoutes.push({ method, url: route.url, permission: staffPermission });
          }
        }
      }
      const existing = route.onRequest;
      route.onRequest = [
        ...(existing ? [existing].flat() : []),
        staffPermission ? studentOrStaffGuard(staffPermission) : studentGuard,
      ];
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
