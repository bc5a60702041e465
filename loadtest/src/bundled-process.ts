// The processes a bench starts as `npm start` runs them (the esbuild bundles api/dist/server.mjs and
// workers/dist/main.mjs on plain node), and what the benches read of them.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Resident memory of a process in MB (VmRSS), or null once it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * The bundled workers, started: resolves once they log "workers started" (a minute at most). Their
 * warnings and errors are printed; every JSON log line goes to `onLog`, other lines are printed.
 */
export async function startBundledWorkers(
  env: NodeJS.ProcessEnv,
  onLog: (line: Record<string, unknown>) => void = () => undefined,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'workers/dist/main.mjs')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let started = false;
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      console.log(text);
      return;
    }
    started ||= line.msg === 'workers started';
    if (Number(line.level) >= 40) {
      console.log(text);
    }
    onLog(line);
  });
  for (let waited = 0; !started; waited += 100) {
    if (waited > 60_000 || child.exitCode !== null) {
      await stopChild(child);
      throw new Error('the workers did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** SIGTERM to a child still running, and waits for it to exit. */
export async function stopChild(child: ChildProcess | null): Promise<void> {
  if (child !== null && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}
