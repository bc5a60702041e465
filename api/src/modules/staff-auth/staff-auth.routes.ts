import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getFlags } from '#modules/flags';
import { AUTH_LIMITS, enforceLimits } from '../../auth/auth-limits.js';
import { clientNetwork } from '../../auth/client-network.js';
import { loginCodeKey } from '../../auth/login-codes.js';
import { createLoginGuard } from '../../auth/login-limits.js';
import { sessionCookies } from '../../auth/session-cookies.js';
import { bearerToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { forgotPasswordSchema, resetPasswordSchema } from '../../contracts/accounts/schemas.js';
import { writeAudit } from '../../lib/audit.js';
import { forbidden, HttpError, unauthorized } from '../../lib/errors.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import {
  authStateSchema,
  loginBody,
  loginCodeBody,
  loginResponse,
  refreshResponse,
} from './staff-auth.schemas.js';
import {
  type LoginOutcome,
  loadActiveStaff,
  toAuthState,
  verifyStaffCredentials,
} from './staff-auth.service.js';
import {
  requestStaffPasswordReset,
  resetStaffPassword,
  sendStaffLoginCode,
} from './staff-password.service.js';

export const staffAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, redis, config, tokens, revocations } = ctx;
  const cookies = sessionCookies('staff', config, ctx.allowedOrigins, revocations);
  const rl = (name: string) => `${config.REDIS_PREFIX}:rl:staff-${name}`;
  const guard = createLoginGuard({
    redis,
    keyPrefix: rl('login'),
    recaptcha: {
      secret: config.RECAPTCHA_SECRET,
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      siteKey: config.RECAPTCHA_SITE_KEY,
    },
    isRecaptchaEnabled: async () => (await getFlags(db)).isRecaptchaEnabled,
    codeKey: loginCodeKey(config.JWT_SECRET),
    sendCode: (email, newCode, ip) =>
      sendStaffLoginCode({ db, queues: ctx.queues, log: app.log }, email, newCode, ip),
  });

  const check = (email: string, password: string) => ({
    check: () => verifyStaffCredentials(db, email, password),
    isRight: (outcome: LoginOutcome) => outcome.ok || outcome.reason === 'inactive',
  });
  /** The session of a checked login (audited either way), or the reason it is refused. */
  const signIn = async (
    outcome: LoginOutcome,
    request: FastifyRequest,
    reply: FastifyReply,
    code: boolean,
  ) => {
    const withCode = code ? { withCode: true } : {};
    if (!outcome.ok) {
      await writeAudit(db, {
        actorType: 'staff',
        actorId: outcome.staffId ?? null,
        action: 'staff.loginFailed',
        ip: request.ip,
        details: { reason: outcome.reason, ...withCode },
      });
      if (outcome.reason === 'inactive') {
        throw forbidden('Your account is inactive. Please contact a Super Admin.');
      }
      throw unauthorized('Invalid email or password');
    }
    const { staff } = outcome;
    const claims = await cookies.start(db, reply, staff.id, outcome.sessionVersion);
    await writeAudit(db, {
      actorType: 'staff',
      actorId: staff.id,
      action: 'staff.login',
      ip: request.ip,
      ...(code ? { details: withCode } : {}),
    });
    return { accessToken: tokens.sign('staff', claims), ...toAuthState(staff) };
  };
  const loginErrors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

  app.post(
    '/user/login',
    {
      schema: {
        tags: ['staff auth'],
        summary:
          'Staff login: returns the admin auth state and sets the refresh cookie; 403 CAPTCHA_REQUIRED asks for recaptchaToken, 403 LOGIN_CODE_REQUIRED for the e-mailed code (POST /user/login/code)',
        body: loginBody,
        response: { 200: loginResponse, ...loginErrors },
      },
    },
    async (request, reply) => {
      const { email, password, recaptchaToken } = request.body;
      const outcome = await guard.password(
        { ip: request.ip, account: email, recaptchaToken },
        check(email, password),
      );
      return signIn(outcome, request, reply, false);
    },
  );

  app.post(
    '/user/login/code',
    {
      schema: {
        tags: ['staff auth'],
        summary:
          'Staff login with the code e-mailed after LOGIN_CODE_REQUIRED (single use, 10 minutes, 5 tries); 401 LOGIN_CODE_WRONG or LOGIN_CODE_EXPIRED',
        body: loginCodeBody,
        response: { 200: loginResponse, ...loginErrors },
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const outcome = await guard
        .withCode({ ip: request.ip, account: email, code }, check(email, password))
        .catch(async (err: unknown) => {
          if (err instanceof HttpError && err.statusCode === 401) {
            // A wrong or spent code (never the code itself in the log).
            await writeAudit(db, {
              actorType: 'staff',
              actorId: null,
              action: 'staff.loginFailed',
              ip: request.ip,
              details: { reason: err.extra.code ?? 'code' },
            });
          }
          throw err;
        });
      return signIn(outcome, request, reply, true);
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
      const claims = await cookies.rotate(db, request, reply);
      if (!(await loadActiveStaff(db, claims.sub))) {
        return cookies.refuse(reply);
      }
      return { accessToken: tokens.sign('staff', claims) };
    },
  });

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['staff auth'],
        summary: "Ends this device's session: its refresh cookie and access tokens stop working",
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      await cookies.end(db, request, reply, token ? tokens.verify('staff', token) : null);
      return reply.status(204).send();
    },
  );

  app.post(
    '/user/forgot-password',
    {
      schema: {
        tags: ['staff auth'],
        summary: 'Sends a reset link to an active staff member; the answer is the same either way',
        body: forgotPasswordSchema,
        response: { 202: z.object({ message: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforceLimits(
        redis,
        [
          {
            key: rl(`forgot:net:${clientNetwork(request.ip)}`),
            window: AUTH_LIMITS.staffForgotPasswordPerNetwork,
          },
        ],
        (wait) => `Too many requests. Please try again in ${wait}.`,
      );
      const { limit, windowSeconds } = AUTH_LIMITS.staffForgotPasswordPerAccount;
      const perAccount = await hitRateLimit(
        redis,
        rl(`forgot:acct:${request.body.email}`),
        limit,
        windowSeconds,
      );
      if (perAccount.allowed) {
        await requestStaffPasswordReset(
          { db, queues: ctx.queues, log: request.log, config },
          request.body.email,
        );
      }
      return reply.status(202).send({
        message: 'If a staff account exists for this e-mail, we have sent a link to reset the password.',
      });
    },
  );

  app.post(
    '/user/reset-password',
    {
      schema: {
        tags: ['staff auth'],
        summary: 'Sets a new staff password from a reset link (single use, 30 minutes); ends every session',
        body: resetPasswordSchema,
        response: { 200: z.object({ message: z.string() }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request) => {
      await enforceLimits(
        redis,
        [{ key: rl(`reset:${clientNetwork(request.ip)}`), window: AUTH_LIMITS.staffResetPasswordPerNetwork }],
        (wait) => `Too many attempts. Please try again in ${wait}.`,
      );
      await resetStaffPassword({ db, revocations }, request.body.token, request.body.password, request.ip);
      return { message: 'Your password has been changed. Please sign in.' };
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
        throw unauthorized();
      }
      return toAuthState(request.staff);
    },
  );
};
