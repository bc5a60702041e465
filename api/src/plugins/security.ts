import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityOptions {
  allowedOrigins: readonly string[];
  isProduction: boolean;
  /** Where checkout forms post (every registered payment gateway's hosted page). */
  formActionOrigins: readonly string[];
}

async function securityPlugin(
  app: FastifyInstance,
  { allowedOrigins, isProduction, formActionOrigins }: SecurityOptions,
) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        // reCAPTCHA (sign-up, when the flag is on) loads Google's script and frame.
        'script-src': ["'self'", 'https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        'frame-src': ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...formActionOrigins],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  // Same-origin requests need no CORS; other origins only when listed in CORS_ORIGINS.
  await app.register(fastifyCors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowedOrigins.includes(origin)),
    credentials: true,
  });
}

export default fp(securityPlugin, { name: 'security' });
