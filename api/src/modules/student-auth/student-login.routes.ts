import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getFlags } from '#modules/flags';
import { loginCodeKey } from '../../auth/login-codes.js';
import { createLoginGuard } from '../../auth/login-limits.js';
import { sessionCookies } from '../../auth/session-cookies.js';
import type { AppContext } from '../../context.js';
import { HttpError, unauthorized } from '../../lib/errors.js';
import { errorSchema } from '../../lib/schemas.js';
import { loginResponse, studentLoginCodeSchema, studentLoginSchema } from './student-auth.schemas.js';
import { loadAccount, toSession } from './student-auth.service.js';
import {
  checkStudentCredentials,
  isRightPassword,
  type StudentLoginOutcome,
  sendStudentLoginCode,
} from './student-login.service.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 429: errorSchema };

/** POST /student/login and, when it asked for the e-mailed code, POST /student/login/code. */
export const studentLoginRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const { db, redis, config, tokens, queues, revocations } = ctx;
  const cookies = sessionCookies('student', config, ctx.allowedOrigins, revocations);
  const guard = createLoginGuard({
    redis,
    keyPrefix: `${config.REDIS_PREFIX}:rl:student-login`,
    recaptcha: {
      secret: config.RECAPTCHA_SECRET,
      verifyUrl: config.RECAPTCHA_VERIFY_URL,
      siteKey: config.RECAPTCHA_SITE_KEY,
    },
    isRecaptchaEnabled: async () => (await getFlags(db)).isRecaptchaEnabled,
    codeKey: loginCodeKey(config.JWT_SECRET),
    sendCode: (email, newCode, ip) => sendStudentLoginCode({ db, queues, log: app.log }, email, newCode, ip),
  });
  const check = (email: string, password: string) => ({
    check: () => checkStudentCredentials(db, email, password),
    isRight: isRightPassword,
  });

  /** The session of a checked login, or the reason it is refused. */
  const signIn = async (outcome: StudentLoginOutcome, reply: FastifyReply) => {
    if (!outcome.ok) {
      throw outcome.reason === 'inactive'
        ? new HttpError(403, 'Your account is inactive.', { code: 'INACTIVE' })
        : unauthorized('Invalid email or password');
    }
    const claims = await cookies.start(db, reply, outcome.studentId, outcome.sessionVersion);
    const [account, flags] = await Promise.all([loadAccount(db, outcome.studentId), getFlags(db)]);
    return { accessToken: tokens.sign('student', claims), ...toSession(account, flags) };
  };

  app.post(
    '/student/login',
    {
      schema: {
        tags: ['student auth'],
        summary:
          'Student login: returns the student auth state and sets the refresh cookie; 403 CAPTCHA_REQUIRED asks for recaptchaToken, 403 LOGIN_CODE_REQUIRED for the e-mailed code (POST /student/login/code)',
        body: studentLoginSchema,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, recaptchaToken } = request.body;
      const outcome = await guard.password(
        { ip: request.ip, account: email, recaptchaToken },
        check(email, password),
      );
      return signIn(outcome, reply);
    },
  );

  app.post(
    '/student/login/code',
    {
      schema: {
        tags: ['student auth'],
        summary:
          'Student login with the code e-mailed after LOGIN_CODE_REQUIRED (single use, 10 minutes, 5 tries); 401 LOGIN_CODE_WRONG or LOGIN_CODE_EXPIRED',
        body: studentLoginCodeSchema,
        response: { 200: loginResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, code } = request.body;
      const outcome = await guard.withCode({ ip: request.ip, account: email, code }, check(email, password));
      return signIn(outcome, reply);
    },
  );
};
