import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '@riyazi/api/config';
import { describe, expect, it } from 'vitest';
import { workersProcessConnections } from '../workers/src/connection-budget.js';
import { startHealthServer } from '../workers/src/health-server.js';
// @ts-expect-error: a plain .mjs script without types
import { SERVER_ENTRIES } from './build-server.mjs';
import {
  type ComposeService,
  dockerfileEnv,
  InterpolationError,
  interpolate,
  readComposeText,
  resolveCompose,
  root,
  serviceEnvironment,
} from './compose-file.js';

// docker-compose.yml read as `docker compose up` would, with no Docker engine: the environment each
// service gets runs through the real config loader, and everything the file names exists.

/** The variables docker-compose.yml's header says to set, and nothing else. */
const REQUIRED = { JWT_SECRET: 'j'.repeat(40), ENCRYPTION_KEY: 'e'.repeat(64) };
const APP_SERVICES = ['migrate', 'api', 'workers'];

const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
const compose = resolveCompose(readComposeText(), REQUIRED);
const envOf = (name: string) => serviceEnvironment(service(name), dockerfileEnv(dockerfile));

function service(name: string): ComposeService {
  const found = compose.services[name];
  if (!found) {
    throw new Error(`docker-compose.yml has no service ${name}`);
  }
  return found;
}

const commandOf = (s: ComposeService) =>
  Array.isArray(s.command) ? s.command : (s.command ?? '').split(' ');
const healthTest = (s: ComposeService) =>
  Array.isArray(s.healthcheck?.test) ? s.healthcheck.test.join(' ') : (s.healthcheck?.test ?? '');

describe('compose interpolation', () => {
  it('follows the compose spec for defaults, errors and $$', () => {
    const problems: string[] = [];
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('${SET} $SET ${UNSET}', env, problems)).toBe('x x ');
    expect(interpolate('${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${UNSET:-$SET}', env, problems)).toBe('d  d x');
    expect(interpolate('$$HOME costs $$5', env, problems)).toBe('$HOME costs $5');
    expect(problems).toEqual([]);
    interpolate('${EMPTY:?say EMPTY} ${EMPTY?fine} ${UNSET?say UNSET}', env, problems);
    expect(problems).toEqual(['EMPTY: say EMPTY', 'UNSET: say UNSET']);
  });
});

describe('docker-compose.yml', () => {
  it('gives migrate, api and workers an environment the real config loader accepts, with only the documented variables set', () => {
    for (const name of APP_SERVICES) {
      const env = envOf(name);
      expect(env.NODE_ENV, name).toBe('production');
      const config = loadConfig(env);
      expect(config.isProduction, name).toBe(true);
      // Production without a demo: no demo students with a published password.
      expect(config.SEED_DEMO, name).toBe(false);
    }
    expect(loadConfig(envOf('workers')).WORKER_HEALTH_PORT).toBe(3001);
  });

  it('stops with the variable named when a required one is missing or empty', () => {
    expect(() => resolveCompose(readComposeText(), {})).toThrow(InterpolationError);
    try {
      resolveCompose(readComposeText(), { JWT_SECRET: '', ENCRYPTION_KEY: REQUIRED.ENCRYPTION_KEY });
    } catch (err) {
      expect((err as InterpolationError).problems).toEqual([
        expect.stringMatching(/^JWT_SECRET: set JWT_SECRET/),
      ]);
    }
    const both = (() => {
      try {
        resolveCompose(readComposeText(), {});
        return [];
      } catch (err) {
        return (err as InterpolationError).problems.map((p) => p.split(':')[0]);
      }
    })();
    expect(new Set(both)).toEqual(new Set(['JWT_SECRET', 'ENCRYPTION_KEY']));
  });

  it('builds its own services from the Dockerfile and pins every other image', () => {
    for (const [name, s] of Object.entries(compose.services)) {
      if (s.build !== undefined) {
        const context = typeof s.build === 'string' ? s.build : (s.build.context ?? '.');
        const file = typeof s.build === 'string' ? 'Dockerfile' : (s.build.dockerfile ?? 'Dockerfile');
        expect(existsSync(path.join(root, context, file)), `${name}: ${context}/${file}`).toBe(true);
      } else {
        expect(s.image, name).toMatch(/^[\w./-]+:(?!latest$)[\w.-]+$/);
      }
    }
  });

  it('runs files the image really has: the bundles scripts/build-server.mjs makes, sources that are copied', () => {
    expect(dockerfile).toMatch(/RUN .*node scripts\/build-server\.mjs/);
    const ignored = readFileSync(path.join(root, '.dockerignore'), 'utf8').split('\n');
    const bundles = Object.keys(SERVER_ENTRIES).map((entry) => `${entry}.mjs`);
    for (const name of APP_SERVICES) {
      const files = commandOf(service(name)).filter((arg) => /\.(m?js|ts)$/.test(arg));
      expect(files.length, name).toBeGreaterThan(0);
      for (const file of files) {
        if (file.includes('/dist/')) {
          expect(bundles, `${name}: ${file}`).toContain(file);
        } else {
          expect(existsSync(path.join(root, file)), `${name}: ${file}`).toBe(true);
          expect(
            ignored.some((pattern) => pattern && file.startsWith(pattern.replace('**/', ''))),
            file,
          ).toBe(false);
        }
      }
    }
  });

  it('declares every named volume it mounts, and the files it mounts exist', () => {
    const declared = Object.keys(compose.volumes ?? {});
    for (const [name, s] of Object.entries(compose.services)) {
      for (const volume of s.volumes ?? []) {
        const source = volume.split(':')[0] ?? '';
        if (source.startsWith('.') || source.startsWith('/')) {
          expect(existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
        } else {
          expect(declared, `${name}: ${source}`).toContain(source);
        }
      }
    }
  });

  it("restarts every long-running service, and checks health on the app's own ports and routes", async () => {
    for (const name of ['postgres', 'redis', 'api', 'workers', 'nginx']) {
      expect(service(name).restart, name).toBe('unless-stopped');
      expect(healthTest(service(name)), name).not.toBe('');
    }
    const apiConfig = loadConfig(envOf('api'));
    expect(service('api').expose?.map(String)).toEqual([String(apiConfig.PORT)]);
    // The api serves /health/ready under /api (app.ts registers its routes with that prefix).
    expect(healthTest(service('api'))).toContain(`http://127.0.0.1:${apiConfig.PORT}/api/health/ready`);
    expect(readFileSync(path.join(root, 'api/src/modules/health/health.routes.ts'), 'utf8')).toContain(
      "'/health/ready'",
    );
    expect(readFileSync(path.join(root, 'api/src/app.ts'), 'utf8')).toContain("prefix: '/api'");

    const workersConfig = loadConfig(envOf('workers'));
    expect(service('workers').expose?.map(String)).toEqual([String(workersConfig.WORKER_HEALTH_PORT)]);
    const workersUrl = healthTest(service('workers')).match(/http:\/\/127\.0\.0\.1:(\d+)(\/[\w/]+)/);
    expect(workersUrl?.[1]).toBe(String(workersConfig.WORKER_HEALTH_PORT));
    // The workers' health listener really answers that path (checks stubbed: no Redis in this tier).
    const server = await startHealthServer({
      port: 0,
      host: '127.0.0.1',
      checks: {
        live: () => ({ ok: true, body: { status: 'ok' } }),
        ready: async () => ({ ok: true, body: { status: 'ready' } }),
      },
      log: { warn: () => undefined },
    });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}${workersUrl?.[2]}`);
      expect(res.status).toBe(200);
    } finally {
      await server.close();
    }

    expect(healthTest(service('nginx'))).toContain('/nginx-health');
    expect(readFileSync(path.join(root, 'deploy/nginx/riyazi.conf'), 'utf8')).toContain(
      'location = /nginx-health',
    );
  });

  it('keeps PostgreSQL connections at the documented scale within max_connections, less the reserve', () => {
    const budget = compose['x-connection-budget'];
    expect(budget).toBeDefined();
    const maxConnections = Number(
      commandOf(service('postgres'))
        .join(' ')
        .match(/max_connections=(\d+)/)?.[1] ?? 100,
    );
    const scale = budget?.scale ?? {};
    const api = loadConfig(envOf('api')).DATABASE_POOL_MAX * (scale.api ?? 0);
    // Every service that runs the workers counts, at its documented scale (1 when not named).
    const workerServices = Object.keys(compose.services).filter((name) =>
      commandOf(service(name)).includes('workers/dist/main.mjs'),
    );
    expect(workerServices.sort()).toEqual(['workers', 'workers-background']);
    const workers = workerServices.reduce((sum, name) => {
      const config = loadConfig(envOf(name));
      return (
        sum +
        workersProcessConnections(config.WORKER_DATABASE_POOL_MAX, config.WORKER_GROUPS) * (scale[name] ?? 1)
      );
    }, 0);
    expect(scale).toEqual({ api: 3, workers: 2, 'workers-background': 1 });
    // PostgreSQL's 3 superuser slots and the migrate job's pool of 2 at least.
    expect(budget?.reserve).toBeGreaterThanOrEqual(5);
    expect(api + workers).toBeLessThanOrEqual(maxConnections - (budget?.reserve ?? 0));
  });
});
