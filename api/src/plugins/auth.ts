import type { Db } from '@riyazi/db';
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
  }
  interface FastifyRequest {
    staff: StaffIdentity | null;
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
  const guardedRoutes: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guardedRoutes);

  const guard = (permission: Permission | undefined): preHandlerHookHandler =>
    async function staffGuard(request) {
      const staff = await authenticateStaff(request, db, tokens);
      if (permission && !hasPermission(staff.permissions, staff.isSuperAdmin, permission)) {
        throw forbidden();
      }
    };

  app.addHook('onRoute', (route) => {
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
