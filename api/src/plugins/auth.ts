import type { Db } from '@riyazi/db';
import type { FastifyInstance, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { RevocationChannel } from '../auth/revocations.js';
import { createSessionCache } from '../auth/session-cache.js';
import { liveStudentSessions } from '../auth/sessions.repository.js';
import { type AccessClaims, type AccessTokens, bearerToken } from '../auth/tokens.js';
import { hasPermission, type Permission } from '../contracts/permissions.js';
import { createBatcher } from '../lib/batcher.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import { loadStaffSession, type StaffIdentity } from '../modules/staff-auth/staff-auth.service.js';

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
    /** The auth hook's session checks, for Socket.IO connections too. */
    liveSessions: LiveSessions;
  }
}

export interface LiveSessions {
  /** Whether a student token's session is live: student active at its version, session open. */
  student(claims: AccessClaims): Promise<boolean>;
  /** The staff member behind a token whose session is live, read now (permissions included). */
  staff(claims: AccessClaims): Promise<StaffIdentity | null>;
}

export interface GuardedRoute {
  method: string;
  url: string;
  permission: Permission | null;
}

export interface AuthPluginOptions {
  db: Db;
  tokens: AccessTokens;
  revocations: RevocationChannel;
}

/** A student's live session is remembered this long per node (a revocation removes it at once). */
const LIVE_FOR_MS = 5000;
const MAX_REMEMBERED_STUDENTS = 100_000;

/**
 * Student checks run on every call of a contest, thousands a second: the sessions whose first call
 * arrives together are checked in one statement, and a live one is remembered for a few seconds.
 */
function studentSessionCheck(db: Db, revocations: RevocationChannel) {
  const cache = createSessionCache({ ttlMs: LIVE_FOR_MS, maxOwners: MAX_REMEMBERED_STUDENTS });
  revocations.onRevoked((revocation) => {
    if (revocation === null || revocation.audience === 'student') {
      cache.forget(revocation);
    }
  });
  const readLive = createBatcher<AccessClaims, boolean>({
    run: async (claims) => {
      const live = await liveStudentSessions(db, claims);
      return claims.map((c) => live.get(c.sid) === c.sub);
    },
  });
  return async (claims: AccessClaims): Promise<boolean> => {
    if (cache.isLive(claims)) {
      return true;
    }
    const generation = cache.generation;
    const live = await readLive(claims);
    if (live && revocations.live) {
      cache.remember(claims, generation);
    }
    return live;
  };
}

/** Adds the staff check to every route that declares a permission (or staffOnly) in its config. */
async function authPlugin(
  app: FastifyInstance,
  { db, tokens, revocations }: AuthPluginOptions,
): Promise<void> {
  app.decorateRequest('staff', null);
  app.decorateRequest('studentId', null);
  const guardedRoutes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guardedRoutes);
  const liveSessions: LiveSessions = {
    student: studentSessionCheck(db, revocations),
    staff: (claims) => loadStaffSession(db, claims),
  };
  app.decorate('liveSessions', liveSessions);

  const checkStaff = async (request: FastifyRequest, permission: Permission | undefined) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? tokens.verify('staff', token) : null;
    const staff = claims ? await liveSessions.staff(claims) : null;
    if (!staff) {
      throw unauthorized();
    }
    request.staff = staff;
    if (permission && !hasPermission(staff.permissions, staff.isSuperAdmin, permission)) {
      throw forbidden();
    }
  };
  const guard = (permission: Permission | undefined): preHandlerHookHandler =>
    async function staffGuard(request) {
      await checkStaff(request, permission);
    };

  const checkStudent = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const claims = token ? tokens.verify('student', token) : null;
    if (claims === null || !(await liveSessions.student(claims))) {
      throw unauthorized();
    }
    request.studentId = claims.sub;
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
