import { createHmac } from 'node:crypto';

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/**
 * A student access token as the api issues them (HS256, iss riyazi, aud riyazi:student), minted
 * with the server's JWT_SECRET so ten thousand virtual students need not each log in (argon2 on
 * purpose costs tens of ms per login; logins are not what contest day stresses).
 */
export function studentAccessToken(secret: string, studentId: string, ttlSeconds = 7200): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({
    sub: studentId,
    typ: 'access',
    iss: 'riyazi',
    aud: 'riyazi:student',
    iat: now,
    exp: now + ttlSeconds,
  });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}
