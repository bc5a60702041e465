import { createHash, randomBytes } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance } from 'fastify';

export type Audience = 'staff' | 'student';

const ISSUER = 'riyazi';
export const AUDIENCES: readonly Audience[] = ['staff', 'student'];
const audienceClaim = (aud: Audience) => `riyazi:${aud}`;

declare module '@fastify/jwt' {
  interface JWT {
    staff: JWT;
    student: JWT;
  }
}

/** What an access token says: whose it is, the session (refresh family) and the account's version. */
export interface AccessClaims {
  sub: string;
  sid: string;
  ver: number;
}

export interface AccessTokens {
  sign(audience: Audience, claims: AccessClaims): string;
  /** Its claims, or null for anything that is not a valid access token of that audience. */
  verify(audience: Audience, token: string): AccessClaims | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A token issued before sessions (no sid or ver) is refused: the client refreshes on 401. */
function accessClaims(claims: Record<string, unknown>): AccessClaims | null {
  const { typ, sub, sid, ver } = claims;
  if (typ !== 'access' || typeof sub !== 'string' || typeof sid !== 'string' || !UUID.test(sid)) {
    return null;
  }
  return Number.isSafeInteger(ver) ? { sub, sid, ver: ver as number } : null;
}

/** One @fastify/jwt namespace per audience: HS256 pinned, audience and issuer checked. */
export async function registerAccessTokens(
  app: FastifyInstance,
  secret: string,
  ttlSeconds: number,
): Promise<AccessTokens> {
  if (secret.length < 32) {
    throw new Error('JWT secret must be at least 32 characters');
  }
  for (const audience of AUDIENCES) {
    await app.register(fastifyJwt, {
      namespace: audience,
      secret,
      sign: { algorithm: 'HS256', iss: ISSUER, aud: audienceClaim(audience), expiresIn: ttlSeconds },
      verify: {
        algorithms: ['HS256'],
        allowedAud: audienceClaim(audience),
        allowedIss: ISSUER,
        requiredClaims: ['sub', 'sid', 'ver', 'aud', 'exp', 'iss'],
      },
    });
  }
  return {
    sign: (audience, { sub, sid, ver }) => app.jwt[audience].sign({ sub, sid, ver, typ: 'access' }),
    verify(audience, token) {
      try {
        return accessClaims(app.jwt[audience].verify<Record<string, unknown>>(token));
      } catch {
        return null;
      }
    },
  };
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashOpaqueToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header ?? '');
  return match?.[1] ?? null;
}
