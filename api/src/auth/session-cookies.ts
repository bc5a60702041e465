import type { Db } from '@riyazi/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import {
  issueRefreshToken,
  type RefreshPolicy,
  revokeRefreshToken,
  rotateRefreshToken,
} from './refresh-tokens.service.js';
import { isSameOriginRequest } from './same-origin.js';
import type { Audience } from './tokens.js';

const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** The refresh cookie of one audience: httpOnly, SameSite=Strict, scoped to that audience's api path. */
export function sessionCookies(
  audience: Audience,
  config: Readonly<Config>,
  allowedOrigins: readonly string[],
) {
  const name = `riyazi_${audience}_rt`;
  const path = audience === 'staff' ? '/api/user' : '/api/student';
  const policy: RefreshPolicy = {
    ttlDays: config.REFRESH_TTL_DAYS,
    absoluteDays: config.REFRESH_ABSOLUTE_DAYS,
    reuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
  };
  const options = { path, httpOnly: true, secure: config.isProduction, sameSite: 'strict' } as const;

  const assertSameOrigin = (request: FastifyRequest) => {
    if (!isSameOriginRequest(request, allowedOrigins)) {
      throw forbidden('Cross-site request refused');
    }
  };

  return {
    name,
    path,
    async start(db: Db, reply: FastifyReply, ownerId: string): Promise<void> {
      const refresh = await issueRefreshToken(db, audience, ownerId, policy);
      reply.setCookie(name, refresh.token, { ...options, expires: refresh.expiresAt });
    },

    /** Spends the presented cookie and sets the next one; returns the owner, or throws 401. */
    async rotate(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<string> {
      assertSameOrigin(request);
      const presented = request.cookies[name];
      const result = presented ? await rotateRefreshToken(db, audience, presented, policy) : null;
      if (!result?.ok) {
        if (result?.reason === 'reused') {
          request.log.warn({ audience }, 'refresh token reused: family revoked');
        }
        reply.clearCookie(name, { path });
        throw unauthorized(SESSION_EXPIRED);
      }
      reply.setCookie(name, result.next.token, { ...options, expires: result.next.expiresAt });
      return result.ownerId;
    },

    /** For an owner found inactive after a rotation: drop the cookie just set. */
    refuse(reply: FastifyReply): never {
      reply.clearCookie(name, { path });
      throw unauthorized(SESSION_EXPIRED);
    },

    async end(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      assertSameOrigin(request);
      const presented = request.cookies[name];
      if (presented) {
        await revokeRefreshToken(db, audience, presented);
      }
      reply.clearCookie(name, { path });
    },
  };
}
