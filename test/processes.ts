import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { testDatabaseUrl, testRedisPrefix } from './test-worker.js';

// The api and the workers as processes of their own (as `npm start` runs them), on the test
// database and Redis prefix, for tests that kill, restart or shut them down.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ServiceProcess {
  child: ChildProcess;
  /** Everything it printed so far (the last 64 KB). */
  output(): string;
}

/** Runs a service from source with tsx, or (a .mjs bundle) on plain node. */
export function startService(script: string, env: Record<string, string> = {}): ServiceProcess {
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  const child = spawn(process.execPath, [...loader, script], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: testDatabaseUrl(),
      REDIS_PREFIX: testRedisPrefix(),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-64_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output: () => output };
}

/** Its exit code once it has exited (null when a signal ended it). */
export const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve(child.exitCode);
    } else {
      child.once('exit', (code) => resolve(code));
    }
  });

/** Polls `check` until it answers something other than false; throws naming `what` after `ms`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | false> | T | false,
  ms = 60_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== false) {
      return value;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A TCP port nothing listens on right now (the kernel's pick), for a process the test starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Waits until a started service answers ready; fails at once, with what it printed, if it exits. */
export async function waitUntilReady(service: ServiceProcess, base: string, ms = 60_000): Promise<void> {
  await waitFor(
    'the service to be ready',
    async () => {
      if (service.child.exitCode !== null) {
        throw new Error(`the service exited with ${service.child.exitCode}:\n${service.output()}`);
      }
      return (await fetch(`${base}/api/health/ready`).catch(() => null))?.ok ?? false;
    },
    ms,
  );
}
