import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '@riyazi/db';

const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

export interface StudentSessionClaims {
  studentId: string;
  sessionId: string;
  version: number;
}

/**
 * A student access token as the api issues them (HS256, iss riyazi, aud riyazi:student, the
 * session and account version), minted with the server's JWT_SECRET so ten thousand virtual
 * students need not each log in (argon2 on purpose costs tens of ms per login; logins are not what
 * contest day stresses). The session must exist: see `openStudentSessions`.
 */
export function studentAccessToken(secret: string, claims: StudentSessionClaims, ttlSeconds = 7200): string {
  const now = Math.floor(Date.now() / 1000);
  const head = b64({ alg: 'HS256', typ: 'JWT' });
  const body = b64({
    sub: claims.studentId,
    sid: claims.sessionId,
    ver: claims.version,
    typ: 'access',
    iss: 'riyazi',
    aud: 'riyazi:student',
    iat: now,
    exp: now + ttlSeconds,
  });
  const signature = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${signature}`;
}

/** A signed-in session for each student (as a login makes, without its refresh cookie) and its access token. */
export async function openStudentSessions(
  db: Db,
  secret: string,
  studentIds: readonly string[],
): Promise<string[]> {
  const tokens: string[] = [];
  for (let from = 0; from < studentIds.length; from += 1000) {
    const students = await db
      .selectFrom('students')
      .select(['id', 'sessionVersion'])
      .where('id', 'in', studentIds.slice(from, from + 1000))
      .execute();
    const version = new Map(students.map((s) => [s.id, s.sessionVersion]));
    const sessions = studentIds.slice(from, from + 1000).map((studentId) => ({
      id: randomUUID(),
      audience: 'student' as const,
      studentId,
      accountVersion: version.get(studentId) ?? 1,
    }));
    await db.insertInto('sessions').values(sessions).execute();
    tokens.push(
      ...sessions.map((s) =>
        studentAccessToken(secret, { studentId: s.studentId, sessionId: s.id, version: s.accountVersion }),
      ),
    );
  }
  return tokens;
}
