import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      return err.problems;
    }
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('uses safe local defaults in development', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('points PUBLIC_URL (e-mail links, payment return URLs) at the port it serves unless told', () => {
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100');
    expect(loadConfig({ PORT: '3100', PUBLIC_URL: 'https://riyazi.pk' }).PUBLIC_URL).toBe(
      'https://riyazi.pk',
    );
  });

  it('runs both worker groups unless told, and names an unknown group', () => {
    expect(loadConfig({}).WORKER_GROUPS).toEqual(['contest', 'background']);
    expect(loadConfig({ WORKER_GROUPS: ' background ' }).WORKER_GROUPS).toEqual(['background']);
    expect(problemsOf({ WORKER_GROUPS: 'contest,analytics' }).join()).toMatch(/^WORKER_GROUPS/);
  });

  it('names each bad variable in the error', () => {
    const problems = problemsOf({ PORT: 'eighty', REDIS_URL: 'http://x', DATABASE_URL: 'nope' });
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('REDIS_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
  });

  it('reads from the primary unless DATABASE_READ_URL names a database, checked like DATABASE_URL', () => {
    const config = loadConfig({});
    expect(config.DATABASE_READ_URL).toBeUndefined();
    expect(config.DATABASE_READ_POOL_MAX).toBe(5);
    expect(config.DATABASE_READ_LAG_TOLERANCE_MS).toBe(1000);
    expect(config.DATABASE_READ_MAX_LAG_MS).toBe(30_000);
    expect(loadConfig({ DATABASE_READ_URL: '' }).DATABASE_READ_URL).toBeUndefined();
    expect(loadConfig({ DATABASE_READ_URL: 'postgres://ro@replica:5432/riyazi' }).DATABASE_READ_URL).toBe(
      'postgres://ro@replica:5432/riyazi',
    );
    const problems = problemsOf({ DATABASE_READ_URL: 'mysql://replica/riyazi', DATABASE_READ_POOL_MAX: '0' });
    expect(problems.some((p) => p.startsWith('DATABASE_READ_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_READ_POOL_MAX:'))).toBe(true);
  });

  it('refuses to start in production without its secrets, naming them', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
      'ENCRYPTION_KEY: is required when NODE_ENV=production',
    ]);
  });

  it('keeps the metrics listeners off by default and on loopback unless a token guards them', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBe(0);
    expect(config.WORKER_METRICS_PORT).toBe(0);
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(problemsOf({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' })).toEqual([
      'METRICS_TOKEN: is required when METRICS_HOST is not a loopback address',
    ]);
    expect(problemsOf({ METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'x'.repeat(32) })).toEqual([]);
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual(['METRICS_TOKEN: must be at least 16 characters']);
  });

  it('reads an empty or blank optional variable as unset', () => {
    const config = loadConfig({
      SEED_ADMIN_EMAIL: '',
      SEED_ADMIN_PASSWORD: '',
      PUBLIC_URL: ' ',
      PORT: '',
      WORKER_HEALTH_PORT: '',
    });
    expect(config.SEED_ADMIN_EMAIL).toBeUndefined();
    expect(config.SEED_ADMIN_PASSWORD).toBeUndefined();
    expect(config.PORT).toBe(3000);
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.WORKER_HEALTH_PORT).toBe(0);
  });

  it('still refuses an empty required secret in production, naming it', () => {
    expect(problemsOf({ NODE_ENV: 'production', JWT_SECRET: '', ENCRYPTION_KEY: 'b'.repeat(64) })).toEqual([
      'JWT_SECRET: is required when NODE_ENV=production',
    ]);
  });

  it('seeds the demo only when asked, by default outside production', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'a'.repeat(40), ENCRYPTION_KEY: 'b'.repeat(64) };
    expect(loadConfig({}).SEED_DEMO).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig(production).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(problemsOf({ SEED_DEMO: 'yes' })).toHaveLength(1);
  });

  it('refuses a short JWT secret', () => {
    expect(problemsOf({ JWT_SECRET: 'short' })).toEqual(['JWT_SECRET: must be at least 32 characters']);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'a'.repeat(40),
      ENCRYPTION_KEY: 'b'.repeat(64),
      CORS_ORIGINS: 'https://riyazi.pk, https://www.riyazi.pk',
    });
    expect(config.isProduction).toBe(true);
    expect(config.CORS_ORIGINS).toEqual(['https://riyazi.pk', 'https://www.riyazi.pk']);
  });

  it('stores files on local disk unless told, and needs a bucket for s3', () => {
    expect(loadConfig({}).STORAGE_DRIVER).toBe('local');
    expect(problemsOf({ STORAGE_DRIVER: 's3' })).toEqual(['S3_BUCKET: is required when STORAGE_DRIVER=s3']);
    expect(problemsOf({ STORAGE_DRIVER: 'disk' }).some((p) => p.startsWith('STORAGE_DRIVER:'))).toBe(true);
    const s3 = loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'riyazi-files', S3_FORCE_PATH_STYLE: 'true' });
    expect(s3).toMatchObject({
      S3_BUCKET: 'riyazi-files',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
  });

  it('wants both S3 keys or neither', () => {
    expect(problemsOf({ S3_ACCESS_KEY_ID: 'AKIA' }).some((p) => p.startsWith('S3_ACCESS_KEY_ID'))).toBe(true);
    expect(problemsOf({ S3_BUCKET: 'Bad_Bucket' }).some((p) => p.startsWith('S3_BUCKET:'))).toBe(true);
  });

  it('reaches Redis through Sentinel when both REDIS_SENTINELS and REDIS_SENTINEL_NAME are set', () => {
    const config = loadConfig({
      REDIS_SENTINELS: '10.77.0.21:26379, sent2.local:26380,[fd00::3]:26381',
      REDIS_SENTINEL_NAME: 'riyazi',
    });
    expect(config.REDIS_SENTINELS).toEqual([
      { host: '10.77.0.21', port: 26379 },
      { host: 'sent2.local', port: 26380 },
      { host: 'fd00::3', port: 26381 },
    ]);
    expect(config.REDIS_SENTINEL_NAME).toBe('riyazi');
    expect(loadConfig({}).REDIS_SENTINELS).toBeUndefined();
    expect(loadConfig({ REDIS_SENTINELS: '', REDIS_SENTINEL_NAME: '' }).REDIS_SENTINELS).toBeUndefined();
    expect(problemsOf({ REDIS_SENTINELS: '10.77.0.21' })[0]).toMatch(/^REDIS_SENTINELS: .*host:port/);
    expect(problemsOf({ REDIS_SENTINELS: 'a:70000', REDIS_SENTINEL_NAME: 'm' })[0]).toMatch(
      /^REDIS_SENTINELS:/,
    );
    expect(problemsOf({ REDIS_SENTINELS: 'a:26379' })).toEqual([
      'REDIS_SENTINELS / REDIS_SENTINEL_NAME: set both (Redis through Sentinel), or neither',
    ]);
    expect(problemsOf({ REDIS_SENTINEL_NAME: 'riyazi' })).toHaveLength(1);
  });

  it('prepares statements unless told not to (PgBouncer in transaction mode), and has no direct URL unless given', () => {
    expect(loadConfig({}).DATABASE_PREPARED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).DATABASE_PREPARED_STATEMENTS).toBe(false);
    expect(problemsOf({ DATABASE_PREPARED_STATEMENTS: 'off' })[0]).toMatch(/^DATABASE_PREPARED_STATEMENTS:/);
    expect(loadConfig({}).DATABASE_DIRECT_URL).toBeUndefined();
    expect(
      loadConfig({ DATABASE_DIRECT_URL: 'postgres://riyazi@10.77.0.10:5432/riyazi' }).DATABASE_DIRECT_URL,
    ).toBe('postgres://riyazi@10.77.0.10:5432/riyazi');
    expect(problemsOf({ DATABASE_DIRECT_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_DIRECT_URL:/);
  });
});
