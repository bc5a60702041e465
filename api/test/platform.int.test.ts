import { describe, expect, it } from 'vitest';
import { useTestContext } from '../../test/helpers.js';

const t = useTestContext();

describe('error envelope', () => {
  it('answers malformed JSON with 400 and a message, never a stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Malformed JSON body' });
  });

  it('answers an unknown /api route with 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
  });

  it('answers a validation failure with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'x', password: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^email/);
  });
});

describe('health', () => {
  it('reports liveness', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('reports readiness once PostgreSQL and Redis answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', postgres: 'ok', redis: 'ok' });
  });
});

describe('security headers and docs', () => {
  it('sends CSP, HSTS, nosniff and a request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // The same headers on an error answer and on the page itself.
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
    expect(missing.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets pages open sockets to their own origin only, not to any host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const connectSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    expect(connectSrc?.slice(1)).toEqual(["'self'", 'ws://localhost:3000']);
  });

  it('allows CORS only for listed origins', async () => {
    const foreign = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/flag/detail',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/admin/flag/detail',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:3000');
  });

  it('serves an API reference generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/admin/createFlag/', '/api/user/login', '/api/contestPhase/active']),
    );
    expect(spec.paths['/api/admin/createFlag/']?.post?.requestBody).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });
});

describe('validation errors for forms', () => {
  it('lists every invalid field under errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ message: string; errors: Record<string, string> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
  });
});
