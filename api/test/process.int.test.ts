import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function start(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      REDIS_PREFIX: inject('redisPrefix'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    output += d.toString();
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) {
      resolve(child.exitCode);
    } else {
      child.once('exit', (code) => resolve(code));
    }
  });

async function waitFor(check: () => boolean | Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) {
      return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

describe('processes', () => {
  it('api refuses to start with a bad variable and names it', async () => {
    const { child, output } = start('api/src/server.ts', { PORT: 'eighty' });
    expect(await exited(child)).toBe(1);
    expect(output()).toMatch(/PORT: /);
  });

  it('api refuses to start in production without its secrets', async () => {
    const { child, output } = start('api/src/server.ts', {
      NODE_ENV: 'production',
      JWT_SECRET: '',
      ENCRYPTION_KEY: '',
    });
    expect(await exited(child)).toBe(1);
    expect(output()).toMatch(/JWT_SECRET/);
  });

  it('api serves, then shuts down gracefully on SIGTERM', async () => {
    const port = String(40_000 + Math.floor(Math.random() * 20_000));
    const { child, output } = start('api/src/server.ts', { PORT: port, HOST: '127.0.0.1' });
    await waitFor(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;
      } catch {
        return false;
      }
    }, 20_000);
    await fetch(`http://127.0.0.1:${port}/api/contestPhase/active`, {
      headers: { 'x-request-id': 'trace-42' },
    });
    await waitFor(() => output().includes('"reqId":"trace-42"'), 5000);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
    expect(output()).toMatch(/shutting down/);
  }, 30_000);

  it('workers start, then shut down gracefully on SIGTERM', async () => {
    const { child, output } = start('workers/src/main.ts', {});
    await waitFor(() => output().includes('workers started'), 20_000);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  }, 30_000);
});
