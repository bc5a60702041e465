import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityOptions {
  /** The site's own origin (PUBLIC_URL): the client's socket connects to it. */
  publicOrigin: string;
  allowedOrigins: readonly string[];
  /** Served over https only (`servedOverHttps`): browsers upgrade the page's http requests. */
  upgradeInsecureRequests: boolean;
  /** Where checkout forms post (every registered payment gateway's hosted page). */
  formActionOrigins: readonly string[];
}

/**
 * The headers helmet sets, worked out once: its Fastify plugin builds helmet again on every
 * request, which a contest's thousands of requests a second feel.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The own origin as a WebSocket source. CSP3 browsers let 'self' cover it; older ones (Safari
 * before 15.4, still on children's phones) need it spelt out.
 */
export function webSocketSource(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

async function securityPlugin(
  app: FastifyInstance,
  { publicOrigin, allowedOrigins, upgradeInsecureRequests, formActionOrigins }: SecurityOptions,
) {
  const headers = securityHeaders({
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
        // Pages we serve talk only to their own origin: no sockets to other hosts.
        'connect-src': ["'self'", webSocketSource(publicOrigin)],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'", ...formActionOrigins],
        'object-src': ["'none'"],
        'upgrade-insecure-requests': upgradeInsecureRequests ? [] : null,
      },
    },
    hsts: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  // Same-origin requests need no CORS; other origins only when listed in CORS_ORIGINS.
  await app.register(fastifyCors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowedOrigins.includes(origin)),
    credentials: true,
  });
}

export default fp(securityPlugin, { name: 'security' });
