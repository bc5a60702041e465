import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { createSupervisor, type Supervisor } from './supervisor.mjs';

// Real child processes: plain node running a line of JavaScript.

const STAY = 'setInterval(() => {}, 1000)';
const node = (code: string): ChildProcess => spawn(process.execPath, ['-e', code], { stdio: 'ignore' });

const supervisors: Supervisor[] = [];
afterEach(async () => {
  await Promise.all(supervisors.splice(0).map((s) => s.stop('SIGKILL')));
});

function supervised(options: Parameters<typeof createSupervisor>[0] = {}) {
  const lines: string[] = [];
  const supervisor = createSupervisor({ baseDelayMs: 20, log: (line) => lines.push(line), ...options });
  supervisors.push(supervisor);
  return { supervisor, lines };
}

async function until<T>(what: string, check: () => T | false, ms = 10_000): Promise<T> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; ) {
    const value = check();
    if (value !== false) {
      return value;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const alive = (child: ChildProcess | undefined) =>
  child !== undefined && child.exitCode === null && child.signalCode === null;

describe('the supervisor of npm start', () => {
  it('starts a child that exited again, saying its exit code', async () => {
    const { supervisor, lines } = supervised();
    const started: ChildProcess[] = [];
    supervisor.add('workers', (attempt) => {
      const child = node(attempt === 1 ? 'process.exit(3)' : STAY);
      started.push(child);
      return child;
    });
    await until('a second start', () => started.length === 2 && alive(started[1]));
    expect(started[0]!.exitCode).toBe(3);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^✗ workers exited with code 3 after \d+ ms; restarting it in 20 ms\.$/);
  });

  it('starts a killed child again, naming the signal', async () => {
    const { supervisor, lines } = supervised();
    const started: ChildProcess[] = [];
    supervisor.add('api', () => {
      const child = node(STAY);
      started.push(child);
      return child;
    });
    await until('the first start', () => alive(started[0]));
    started[0]!.kill('SIGKILL');
    await until('a second start', () => started.length === 2 && alive(started[1]));
    expect(lines).toEqual([
      expect.stringMatching(/^✗ api was killed by SIGKILL after .+; restarting it in 20 ms\.$/),
    ]);
  });

  it('backs off while a child keeps crashing at once, then gives up and stops the others', async () => {
    let gaveUp: string | undefined;
    const { supervisor, lines } = supervised({
      maxQuickCrashes: 4,
      onGiveUp: (message) => {
        gaveUp = message;
      },
    });
    const starts: number[] = [];
    supervisor.add('api', () => {
      starts.push(Date.now());
      return node('process.exit(1)');
    });
    let sibling: ChildProcess | undefined;
    supervisor.add('workers', () => {
      sibling = node(STAY);
      return sibling;
    });
    const message = await until('giving up', () => gaveUp ?? false);
    expect(starts).toHaveLength(4);
    expect(lines.slice(0, 3)).toEqual([
      expect.stringMatching(/^✗ api exited with code 1 after .+; restarting it in 20 ms\.$/),
      expect.stringMatching(/restarting it in 40 ms \(2 quick crashes in a row\)\.$/),
      expect.stringMatching(/restarting it in 80 ms \(3 quick crashes in a row\)\.$/),
    ]);
    // Each wait at least as long as it said.
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(40);
    expect(starts[3]! - starts[2]!).toBeGreaterThanOrEqual(80);
    expect(message).toMatch(
      /^✗ api exited with code 1 after .+: 4 crashes in a row, each within 30 s of its start\. Giving up/,
    );
    expect(lines.at(-1)).toBe(message);
    expect(alive(sibling)).toBe(false);
    expect(supervisor.stopping).toBe(true);
  });

  it('a child that ran for a while before it died starts a new count', async () => {
    let gaveUp = false;
    const { supervisor, lines } = supervised({
      quickMs: 150,
      maxQuickCrashes: 2,
      onGiveUp: () => {
        gaveUp = true;
      },
    });
    let starts = 0;
    supervisor.add('workers', () => {
      starts += 1;
      return node('setTimeout(() => process.exit(2), 300)');
    });
    await until('four starts', () => starts >= 4);
    expect(gaveUp).toBe(false);
    expect(lines.every((line) => line.endsWith('restarting it in 20 ms.'))).toBe(true);
  });

  it('stop() stops every child and starts none again', async () => {
    const { supervisor, lines } = supervised();
    const started: ChildProcess[] = [];
    for (const name of ['api', 'workers']) {
      supervisor.add(name, () => {
        const child = node(STAY);
        started.push(child);
        return child;
      });
    }
    await until('both running', () => started.every(alive) && started.length === 2);
    await supervisor.stop('SIGTERM');
    expect(started.map((c) => c.signalCode)).toEqual(['SIGTERM', 'SIGTERM']);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started).toHaveLength(2);
    expect(lines).toEqual([]);
    expect(supervisor.children()).toEqual([]);
  });
});
