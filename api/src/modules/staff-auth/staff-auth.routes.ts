import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  issueRefreshToken,
  type RefreshPolicy,
  revokeRefreshToken,
  rotateRefreshToken,
} from '../../auth/refresh-tokens.service.js';
import { isSameOriginRequest } from '../../auth/same-origin.js';
import type { AppContext } from '../../context.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden, HttpError, tooManyRequests, unauthorized } from '../../lib/errors.js';
import { clearRateLimit, hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import { authStateSchema, loginBody, loginResponse, refreshResponse } from './staff-auth.schemas.js';
import { loadActiveStaff, toAuthState, verifyStaffCredentials } from './staff-auth.service.js';

const COOKIE = 'riyazi_staff_rt';
const COOKIE_PATH = '/api/user';
const LOGIN_LIMITS = { perIp: 30, perAccount: 8, windowSeconds: 15 * 60 };

export const staffAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, redis, config, tokens } = ctx;
  const policy: RefreshPolicy = {
    ttlDays: config.REFRESH_TTL_DAYS,
    absoluteDays: config.REFRESH_ABSOLUTE_DAYS,
  };
  const cookieOptions = {
    path: COOKIE_PATH,
    httpOnly: true,
    secure: config.isProduction,
    sameSite: 'strict',
  } as const;

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['staff auth'],
        summary: 'Staff login: returns the admin auth state and sets the refresh cookie',
        body: loginBody,
        response: {
          200: loginResponse,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const ipKey = `${config.REDIS_PREFIX}:rl:staff-login:ip:${request.ip}`;
      const accountKey = `${config.REDIS_PREFIX}:rl:staff-login:acct:${email.toLowerCase()}`;
      const [byIp, byAccount] = await Promise.all([
        hitRateLimit(redis, ipKey, LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowSeconds),
        hitRateLimit(redis, accountKey, LOGIN_LIMITS.perAccount, LOGIN_LIMITS.windowSeconds),
      ]);
      if (!byIp.allowed || !byAccount.allowed) {
        const wait = Math.ceil(Math.max(byIp.retryAfterSeconds, byAccount.retryAfterSeconds) / 60);
        reply.header('retry-after', String(Math.max(byIp.retryAfterSeconds, byAccount.retryAfterSeconds)));
        throw tooManyRequests(
          `Too many sign-in attempts. Please try again in ${wait} minute${wait === 1 ? '' : 's'}.`,
        );
      }
      const outcome = await verifyStaffCredentials(db, email, password);
      if (!outcome.ok) {
        await writeAudit(db, {
          actorType: 'staff',
          actorId: outcome.staffId ?? null,
          action: 'staff.loginFailed',
          ip: request.ip,
          details: { reason: outcome.reason },
        });
        if (outcome.reason === 'inactive') {
          throw forbidden('Your account is inactive. Please contact a Super Admin.');
        }
        throw unauthorized('Invalid email or password');
      }
      const { staff } = outcome;
      await clearRateLimit(redis, accountKey);
      const refresh = await issueRefreshToken(db, 'staff', staff.id, policy);
      await writeAudit(db, { actorType: 'staff', actorId: staff.id, action: 'staff.login', ip: request.ip });
      reply.setCookie(COOKIE, refresh.token, { ...cookieOptions, expires: refresh.expiresAt });
      return { accessToken: tokens.sign('staff', staff.id), ...toAuthState(staff) };
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/user/refresh',
    schema: {
      tags: ['staff auth'],
      summary: 'Rotates the refresh cookie and returns a new access token (same-origin only)',
      response: { 200: refreshResponse, 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => {
      if (!isSameOriginRequest(request, ctx.allowedOrigins)) {
        throw forbidden('Cross-site request refused');
      }
      const presented = request.cookies[COOKIE];
      const result = presented ? await rotateRefreshToken(db, 'staff', presented, policy) : null;
      const staff = result?.ok ? await loadActiveStaff(db, result.ownerId) : null;
      if (!result?.ok || !staff) {
        if (result && !result.ok && result.reason === 'reused') {
          request.log.warn('staff refresh token reused: family revoked');
        }
        reply.clearCookie(COOKIE, { path: COOKIE_PATH });
        throw unauthorized('Session expired. Please log in again.');
      }
      reply.setCookie(COOKIE, result.next.token, { ...cookieOptions, expires: result.next.expiresAt });
      return { accessToken: tokens.sign('staff', staff.id) };
    },
  });

  app.post(
    '/user/logout',
    { schema: { tags: ['staff auth'], summary: 'Ends the staff session (revokes the refresh family)' } },
    async (request, reply) => {
      if (!isSameOriginRequest(request, ctx.allowedOrigins)) {
        throw forbidden('Cross-site request refused');
      }
      const presented = request.cookies[COOKIE];
      if (presented) {
        await revokeRefreshToken(db, 'staff', presented);
      }
      reply.clearCookie(COOKIE, { path: COOKIE_PATH });
      return reply.status(204).send();
    },
  );

  app.get(
    '/user/me',
    {
      config: { staffOnly: true },
      schema: {
        tags: ['staff auth'],
        summary: "The signed-in staff member's current role and permissions",
        response: { 200: authStateSchema, 401: errorSchema },
      },
    },
    async (request) => {
      if (!request.staff) {
        throw new HttpError(401, 'Unauthorized');
      }
      return toAuthState(request.staff);
    },
  );
};
