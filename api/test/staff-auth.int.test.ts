import { randomUUID } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { bearer, latestMailToken, loginStaff, makeStaff, useTestContext } from '../../test/helpers.js';

const t = useTestContext({ resetEachTest: true, clearRateLimits: true });

const refresh = (cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/user/refresh', cookies: { riyazi_staff_rt: cookie }, headers });

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });

describe('staff login', () => {
  it('returns the admin auth state and sets an httpOnly refresh cookie scoped to /api/user', async () => {
    const staff = await makeStaff(t.db, {
      permissions: [
        ['student', 'read'],
        ['student', 'update'],
      ],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: staff.email.toUpperCase(), password: staff.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      permissions: { student: { read: true, update: true } },
      isSuperAdmin: false,
      email: staff.email,
    });
    expect(typeof body.accessToken).toBe('string');
    expect(body).not.toHaveProperty('refreshToken');
    const cookie = res.cookies.find((c) => c.name === 'riyazi_staff_rt');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/api/user', sameSite: 'Strict' });
    const audit = await t.db.selectFrom('auditLog').select(['action', 'actorId']).execute();
    expect(audit).toEqual([{ action: 'staff.login', actorId: staff.id }]);
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const staff = await makeStaff(t.db);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: staff.email, password: 'nope-nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'nobody@example.com', password: 'nope-nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('refuses an inactive staff member', async () => {
    const staff = await makeStaff(t.db, { isActive: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: staff.email, password: staff.password },
    });
    expect(res.statusCode).toBe(403);
  });

  it('asks for the e-mailed code after repeated failures on one account (never a 429)', async () => {
    const staff = await makeStaff(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: staff.email, password: `wrong-${i}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses[8]).toBe(403);
  });
});

/** Moves every spent refresh token's use a minute back, past the replay grace window. */
const spendLongAgo = () =>
  t.db
    .updateTable('refreshTokens')
    .set({ usedAt: new Date(Date.now() - 60_000) })
    .where('usedAt', 'is not', null)
    .execute();

describe('GET /api/user/refresh', () => {
  it('rotates: returns a new access token and a new cookie; the old cookie is spent', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const first = await refresh(refreshCookie);
    expect(first.statusCode).toBe(200);
    const next = first.cookies.find((c) => c.name === 'riyazi_staff_rt')?.value;
    expect(next).toBeTruthy();
    expect(next).not.toBe(refreshCookie);
    expect((await me(first.json<{ accessToken: string }>().accessToken)).statusCode).toBe(200);
    expect((await refresh(next ?? '')).statusCode).toBe(200);
  });

  it('revokes the whole family when a spent token is replayed after the grace window', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const rotated =
      (await refresh(refreshCookie)).cookies.find((c) => c.name === 'riyazi_staff_rt')?.value ?? '';
    await spendLongAgo();
    const replay = await refresh(refreshCookie);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(rotated)).statusCode).toBe(401);
  });

  it('lets a spent token replayed within seconds (its response was lost) continue the session', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const lost = (await refresh(refreshCookie)).cookies.find((c) => c.name === 'riyazi_staff_rt')?.value;
    const retried = await refresh(refreshCookie);
    expect(retried.statusCode).toBe(200);
    const next = retried.cookies.find((c) => c.name === 'riyazi_staff_rt')?.value ?? '';
    expect(next).not.toBe(lost);
    expect((await me(retried.json<{ accessToken: string }>().accessToken)).statusCode).toBe(200);
    expect((await refresh(next)).statusCode).toBe(200);
    const revoked = await t.db.selectFrom('sessions').where('revokedAt', 'is not', null).execute();
    expect(revoked).toEqual([]);
  });

  it('refuses a cross-site request so a foreign page cannot rotate the token', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const crossSite = await refresh(refreshCookie, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.statusCode).toBe(403);
    const foreignOrigin = await refresh(refreshCookie, { origin: 'https://evil.example' });
    expect(foreignOrigin.statusCode).toBe(403);
    expect((await refresh(refreshCookie, { 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
  });

  it('never extends a session past its absolute lifetime', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const cap = new Date(Date.now() + 60_000);
    await t.db.updateTable('refreshTokens').set({ familyExpiresAt: cap, expiresAt: cap }).execute();
    const rotated = await refresh(refreshCookie);
    expect(rotated.statusCode).toBe(200);
    const newest = await t.db
      .selectFrom('refreshTokens')
      .select('expiresAt')
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow();
    expect(newest.expiresAt.getTime()).toBeLessThanOrEqual(cap.getTime());
    await t.db
      .updateTable('refreshTokens')
      .set({ familyExpiresAt: new Date(Date.now() - 1000), expiresAt: new Date(Date.now() - 1000) })
      .execute();
    const next = rotated.cookies.find((c) => c.name === 'riyazi_staff_rt')?.value ?? '';
    expect((await refresh(next)).statusCode).toBe(401);
  });

  it('is also accepted as POST', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/refresh',
      cookies: { riyazi_staff_rt: refreshCookie },
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 401 after logout', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies: { riyazi_staff_rt: refreshCookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  const forge = (claims: Record<string, unknown>, key = t.config.JWT_SECRET) =>
    createSigner({ key, algorithm: 'HS256', expiresIn: 60_000 })(claims);

  it('expire after JWT_ACCESS_TTL_SECONDS', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { accessToken } = await loginStaff(t.app, staff);
    const claims = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      iat: number;
      exp: number;
    };
    expect(claims.exp - claims.iat).toBe(t.config.JWT_ACCESS_TTL_SECONDS);
  });

  it('refuses alg none', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({ sub: staff.id, aud: 'riyazi:staff', iss: 'riyazi', typ: 'access', exp: 9e9 }),
    ).toString('base64url');
    expect((await me(`${header}.${payload}.`)).statusCode).toBe(401);
  });

  /** The claims of a real session's access token (sub, sid, ver), to forge variations of. */
  const sessionClaims = async () => {
    const { accessToken } = await loginStaff(t.app, await makeStaff(t.db, { superAdmin: true }));
    const { sub, sid, ver } = JSON.parse(
      Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    return { sub, sid, ver, iss: 'riyazi', typ: 'access' };
  };

  it('refuses a student-audience token on a staff route', async () => {
    const claims = await sessionClaims();
    expect((await me(forge({ ...claims, aud: 'riyazi:student' }))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, aud: 'riyazi:staff' }))).statusCode).toBe(200);
  });

  it('refuses a token signed with another key and one that is not an access token', async () => {
    const claims = { ...(await sessionClaims()), aud: 'riyazi:staff' };
    expect((await me(forge(claims, 'x'.repeat(40)))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, typ: 'refresh' }))).statusCode).toBe(401);
  });

  it('refuses a token issued before sessions (no sid or ver) and one naming another session or version', async () => {
    const { sid, ver, ...claims } = { ...(await sessionClaims()), aud: 'riyazi:staff' };
    expect((await me(forge({ ...claims, sid, ver }))).statusCode).toBe(200);
    expect((await me(forge(claims))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, ver }))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, sid }))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, sid: randomUUID(), ver }))).statusCode).toBe(401);
    expect((await me(forge({ ...claims, sid, ver: Number(ver) + 1 }))).statusCode).toBe(401);
  });

  it('applies a permission change on the very next request', async () => {
    const staff = await makeStaff(t.db, { permissions: [['systemConfigurations', 'read']] });
    const { accessToken } = await loginStaff(t.app, staff);
    const presets = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/systemPreSet/',
        headers: bearer(accessToken),
      });
    expect((await presets()).statusCode).toBe(200);
    await t.db.deleteFrom('rolePermissions').where('roleId', '=', staff.roleId).execute();
    expect((await presets()).statusCode).toBe(403);
    await t.db.updateTable('staffUsers').set({ isActive: false }).where('id', '=', staff.id).execute();
    expect((await presets()).statusCode).toBe(401);
  });
});

describe('staff password reset', () => {
  it('answers the same for any e-mail and sends a link only to an active staff member', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: staff.email },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    const token = await latestMailToken(t.db, 'resetPassword', staff.email);
    expect(token).toHaveLength(43);
  });

  it('sets a new password once, ends every session, and refuses a weak one', async () => {
    const staff = await makeStaff(t.db, { superAdmin: true });
    const { refreshCookie } = await loginStaff(t.app, staff);
    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: staff.email } });
    const token = await latestMailToken(t.db, 'resetPassword', staff.email);
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<{ errors: Record<string, string> }>().errors).toHaveProperty('password');

    await t.app.inject({ method: 'POST', url: '/api/user/forgot-password', payload: { email: staff.email } });
    const fresh = await latestMailToken(t.db, 'resetPassword', staff.email);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: fresh, password: 'A long new staff secret' },
    });
    expect(ok.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: { token: fresh, password: 'Another long secret 9' },
    });
    expect(again.statusCode).toBe(400);
    expect((await refresh(refreshCookie)).statusCode).toBe(401);
    await expect(loginStaff(t.app, { ...staff, password: 'A long new staff secret' })).resolves.toBeTruthy();
  });
});
