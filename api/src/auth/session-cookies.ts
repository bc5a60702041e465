import type { Db } from '@riyazi/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../config.js';
import { forbidden, unauthorized } from '../lib/errors.js';
import {
  type RefreshPolicy,
  rotateRefreshToken,
  sessionOfRefreshToken,
  startSession,
} from './refresh-tokens.service.js';
import type { RevocationChannel } from './revocations.js';
import { isSameOriginRequest } from './same-origin.js';
import { revokeSessions } from './sessions.repository.js';
import type { AccessClaims, Audience } from './tokens.js';

const SESSION_EXPIRED = 'Session expired. Please log in again.';

/** The refresh cookie of one audience: httpOnly, SameSite=Strict, scoped to that audience's api path. */
export function sessionCookies(
  audience: Audience,
  config: Readonly<Config>,
  allowedOrigins: readonly string[],
  revocations: RevocationChannel,
) {
  const name = `riyazi_${audience}_rt`;
  const path = audience === 'staff' ? '/api/user' : '/api/student';
  const policy: RefreshPolicy = {
    ttlDays: config.REFRESH_TTL_DAYS,
    absoluteDays: config.REFRESH_ABSOLUTE_DAYS,
    reuseGraceSeconds: config.REFRESH_REUSE_GRACE_SECONDS,
  };
  const options = { path, httpOnly: true, secure: servedOverHttps(config), sameSite: 'strict' } as const;

  const assertSameOrigin = (request: FastifyRequest) => {
    if (!isSameOriginRequest(request, allowedOrigins)) {
      throw forbidden('Cross-site request refused');
    }
  };

  return {
    name,
    path,
    /**
     * Begins a session (a refresh family) and sets its cookie; the claims for its access tokens.
     * `accountVersion` is the one read with the password just checked.
     */
    async start(db: Db, reply: FastifyReply, ownerId: string, accountVersion: number): Promise<AccessClaims> {
      const { claims, refresh } = await startSession(db, audience, ownerId, accountVersion, policy);
      reply.setCookie(name, refresh.token, { ...options, expires: refresh.expiresAt });
      return claims;
    },

    /** Spends the presented cookie and sets the next one; the session's claims, or throws 401. */
    async rotate(db: Db, request: FastifyRequest, reply: FastifyReply): Promise<AccessClaims> {
      assertSameOrigin(request);
      const presented = request.cookies[name];
      const result = presented ? await rotateRefreshToken(db, audience, presented, policy) : null;
      if (!result?.ok) {
        if (result?.reason === 'reused') {
          request.log.warn({ audience }, 'refresh token reused: session revoked');
          await revocations.announce(result.revocation);
        }
        reply.clearCookie(name, { path });
        throw unauthorized(SESSION_EXPIRED);
      }
      reply.setCookie(name, result.refresh.token, { ...options, expires: result.refresh.expiresAt });
      return result.claims;
    },

    /** For an owner found inactive after a rotation: drop the cookie just set. */
    refuse(reply: FastifyReply): never {
      reply.clearCookie(name, { path });
      throw unauthorized(SESSION_EXPIRED);
    },

    /**
     * Logout: ends the session of the presented cookie and the one the bearer token names (the
     * same one, normally), so their access tokens stop working at once. Other devices stay signed in.
     */
    async end(
      db: Db,
      request: FastifyRequest,
      reply: FastifyReply,
      bearer: AccessClaims | null,
    ): Promise<void> {
      assertSameOrigin(request);
      const presented = request.cookies[name];
      const fromCookie = presented ? await sessionOfRefreshToken(db, audience, presented) : null;
      const ended = [fromCookie, bearer && { ownerId: bearer.sub, sessionId: bearer.sid }];
      for (const session of ended) {
        if (session) {
          const sessionIds = await revokeSessions(db, audience, session.ownerId, [session.sessionId]);
          await revocations.announce({ audience, ownerId: session.ownerId, sessionIds, everySession: false });
        }
      }
      reply.clearCookie(name, { path });
    },
  };
}
