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

export interface AccessTokens {
  sign(audience: Audience, subject: string): string;
  /** The subject, or null for anything that is not a valid access token of that audience. */
  verify(audience: Audience, token: string): string | null;
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
        requiredClaims: ['sub', 'aud', 'exp', 'iss'],
      },
    });
  }
  return {
    sign: (audience, subject) => app.jwt[audience].sign({ sub: subject, typ: 'access' }),
    verify(audience, token) {
      try {
        const claims = app.jwt[audience].verify<{ sub?: unknown; typ?: unknown }>(token);
        return claims.typ === 'access' && typeof claims.sub === 'string' ? claims.sub : null;
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
