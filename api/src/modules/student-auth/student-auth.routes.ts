import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFlags } from '#modules/flags';
import { AUTH_LIMITS, enforceLimits, type FixedWindow } from '../../auth/auth-limits.js';
import { clientNetwork } from '../../auth/client-network.js';
import { verifyRecaptcha } from '../../auth/recaptcha.js';
import { sessionCookies } from '../../auth/session-cookies.js';
import { bearerToken } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import { studentIdOf } from '../../lib/actors.js';
import { fieldError, forbidden } from '../../lib/errors.js';
import { preferredLanguage } from '../../lib/i18n/accept-language.js';
import { hitRateLimit } from '../../lib/rate-limit.js';
import { errorSchema } from '../../lib/schemas.js';
import { findStudentActive } from './student-auth.repository.js';
import {
  forgotPasswordSchema,
  loginResponse,
  messageResponse,
  resetPasswordSchema,
  sessionSchema,
  signupConfigResponse,
  signupResponse,
  signupSchema,
  verifyEmailBody,
  verifyEmailResponse,
} from './student-auth.schemas.js';
import {
  loadAccount,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  type StudentDeps,
  signup,
  toSession,
  verifyEmail,
} from './student-auth.service.js';
import { studentLoginRoutes } from './student-login.routes.js';

const FORGOT_ANSWER = 'If an account exists for this e-mail, we have sent a link to reset the password.';
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 409: errorSchema, 429: errorSchema };

export const studentAuthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, redis, config, tokens, queues, revocations } = ctx;
  const cookies = sessionCookies('student', config, ctx.allowedOrigins, revocations);
  const rl = (name: string) => `${config.REDIS_PREFIX}:rl:student-${name}`;
  const deps = (log: StudentDeps['log']): StudentDeps => ({ db, queues, log, config });

  const limit = (hits: { key: string; window: FixedWindow }[], message: (wait: string) => string) =>
    enforceLimits(redis, hits, message);
  const tryAgain = (wait: string) => `Too many attempts. Please try again in ${wait}.`;
  const recaptcha = { secret: config.RECAPTCHA_SECRET, verifyUrl: config.RECAPTCHA_VERIFY_URL };
  await app.register(studentLoginRoutes, ctx);

  app.get(
    '/student/signup/config',
    {
      schema: {
        tags: ['student auth'],
        summary: 'Public sign-up settings',
        response: { 200: signupConfigResponse },
      },
    },
    async () => ({ recaptchaSiteKey: config.RECAPTCHA_SITE_KEY ?? null }),
  );

  app.post(
    '/student/signup',
    {
      schema: {
        tags: ['student auth'],
        summary: 'Creates a student account (when registration is open)',
        body: signupSchema,
        response: { 201: signupResponse, ...errors },
      },
    },
    async (request, reply) => {
      const flags = await getFlags(db);
      if (!flags.isRegistrationEnabled) {
        throw forbidden('Registration is closed');
      }
      const network = clientNetwork(request.ip);
      await limit(
        [
          { key: rl(`signup:hour:${network}`), window: AUTH_LIMITS.signupPerNetworkHour },
          { key: rl(`signup:day:${network}`), window: AUTH_LIMITS.signupPerNetworkDay },
        ],
        (wait) => `Too many sign-ups from this network. Please try again in ${wait}.`,
      );
      if (flags.isRecaptchaEnabled) {
        const ok = await verifyRecaptcha(recaptcha, request.body.recaptchaToken, request.ip);
        if (!ok) {
          throw fieldError('recaptchaToken', 'Please confirm that you are not a robot');
        }
      }
      const language = preferredLanguage(request.headers['accept-language']);
      const result = await signup(deps(request.log), request.body, flags, request.ip, language);
      return reply.status(201).send({ message: 'Your account has been created', ...result });
    },
  );

  app.post(
    '/student/verify-email',
    {
      schema: {
        tags: ['student auth'],
        summary: 'Confirms an e-mail address from the link sent to it (single use)',
        body: verifyEmailBody,
        response: { 200: verifyEmailResponse, ...errors },
      },
    },
    async (request) => {
      await limit(
        [{ key: rl(`verify:${clientNetwork(request.ip)}`), window: AUTH_LIMITS.verifyEmailPerNetwork }],
        tryAgain,
      );
      const status = await verifyEmail(db, request.body.token);
      return {
        status,
        message:
          status === 'verified'
            ? 'Your e-mail address is confirmed.'
            : 'Your e-mail address was already confirmed.',
      };
    },
  );

  app.post(
    '/student/verify-email/resend',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student auth'],
        summary: 'Sends the confirmation link again (a few times an hour at most)',
        response: { 202: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const studentId = studentIdOf(request);
      await limit(
        [{ key: rl(`resend:${studentId}`), window: AUTH_LIMITS.resendVerificationPerStudent }],
        (wait) =>
          `We have sent several links already. Please check your spam folder, or try again in ${wait}.`,
      );
      await resendVerification(deps(request.log), studentId);
      return reply.status(202).send({ message: 'We have sent a new link to your e-mail.' });
    },
  );

  app.route({
    method: ['GET', 'POST'],
    url: '/student/refresh',
    schema: {
      tags: ['student auth'],
      summary: 'Rotates the refresh cookie and returns a new access token (same-origin only)',
      response: { 200: loginResponse.pick({ accessToken: true }), 401: errorSchema, 403: errorSchema },
    },
    handler: async (request, reply) => {
      const claims = await cookies.rotate(db, request, reply);
      const student = await findStudentActive(db, claims.sub);
      if (!student?.isActive) {
        return cookies.refuse(reply);
      }
      return { accessToken: tokens.sign('student', claims) };
    },
  });

  app.post(
    '/student/logout',
    {
      schema: {
        tags: ['student auth'],
        summary: "Ends this device's session: its refresh cookie and access tokens stop working",
      },
    },
    async (request, reply) => {
      const token = bearerToken(request.headers.authorization);
      await cookies.end(db, request, reply, token ? tokens.verify('student', token) : null);
      return reply.status(204).send();
    },
  );

  app.get(
    '/student/me',
    {
      config: { studentOnly: true },
      schema: {
        tags: ['student auth'],
        summary: "The signed-in student's auth state",
        response: { 200: sessionSchema, ...errors },
      },
    },
    async (request) => {
      const [account, flags] = await Promise.all([loadAccount(db, studentIdOf(request)), getFlags(db)]);
      return toSession(account, flags);
    },
  );

  app.post(
    '/student/forgot-password',
    {
      schema: {
        tags: ['student auth'],
        summary: 'Sends a reset link if the account exists; the answer is the same either way',
        body: forgotPasswordSchema,
        response: { 202: messageResponse, ...errors },
      },
    },
    async (request, reply) => {
      await limit(
        [
          {
            key: rl(`forgot:net:${clientNetwork(request.ip)}`),
            window: AUTH_LIMITS.forgotPasswordPerNetwork,
          },
        ],
        (wait) => `Too many requests. Please try again in ${wait}.`,
      );
      const { limit: perAddress, windowSeconds } = AUTH_LIMITS.forgotPasswordPerAccount;
      const perAccount = await hitRateLimit(
        redis,
        rl(`forgot:acct:${request.body.email}`),
        perAddress,
        windowSeconds,
      );
      if (perAccount.allowed) {
        await requestPasswordReset(deps(request.log), request.body.email);
      }
      return reply.status(202).send({ message: FORGOT_ANSWER });
    },
  );

  app.post(
    '/student/reset-password',
    {
      schema: {
        tags: ['student auth'],
        summary: 'Sets a new password from a reset link (single use, 30 minutes); ends every session',
        body: resetPasswordSchema,
        response: { 200: messageResponse, ...errors },
      },
    },
    async (request) => {
      await limit(
        [{ key: rl(`reset:${clientNetwork(request.ip)}`), window: AUTH_LIMITS.resetPasswordPerNetwork }],
        tryAgain,
      );
      await resetPassword({ db, revocations }, request.body.token, request.body.password, request.ip);
      return { message: 'Your password has been changed. Please log in.' };
    },
  );
};
