// Keeps `npm start`'s processes running (scripts/start.mjs). Plain JavaScript without dependencies:
// it runs before anything is installed. Types: supervisor.d.mts; tests: supervisor.test.ts.

const seconds = (ms) => (ms < 1000 ? `${ms} ms` : `${Number((ms / 1000).toFixed(1))} s`);

/** "exited with code 1", "was killed by SIGKILL". */
function why(code, signal) {
  return signal ? `was killed by ${signal}` : `exited with code ${code}`;
}

/**
 * Starts each child with `start(attempt)` and starts it again when it exits while the supervisor
 * is not stopping: after `baseDelayMs`, then 2×, 4×… that (at most `maxDelayMs`) while it keeps
 * dying within `quickMs` of its start. After `maxQuickCrashes` such quick crashes in a row
 * it gives up: every other child is stopped and `onGiveUp(message)` is called. A child that ran
 * longer than `quickMs` starts a new count. Every exit and restart is said through `log`.
 */
export function createSupervisor({
  log = (line) => console.error(line),
  onGiveUp = () => {},
  quickMs = 30_000,
  maxQuickCrashes = 5,
  baseDelayMs = 1000,
  maxDelayMs = 30_000,
  stopTimeoutMs = 12_000,
  kill = (child, signal) => child.kill(signal),
} = {}) {
  const entries = [];
  let stopping = false;

  function launch(entry) {
    entry.attempt += 1;
    entry.startedAt = Date.now();
    const child = entry.start(entry.attempt);
    entry.child = child;
    child.on('error', (err) => log(`✗ ${entry.name}: ${err.message}`));
    child.once('exit', (code, signal) => onExit(entry, child, code, signal));
  }

  function onExit(entry, child, code, signal) {
    if (entry.child !== child || stopping) {
      return;
    }
    const ranMs = Date.now() - entry.startedAt;
    entry.quickCrashes = ranMs < quickMs ? entry.quickCrashes + 1 : 0;
    const after = `after ${seconds(ranMs)}`;
    if (entry.quickCrashes >= maxQuickCrashes) {
      const message = `✗ ${entry.name} ${why(code, signal)} ${after}: ${entry.quickCrashes} crashes in a row, each within ${seconds(quickMs)} of its start. Giving up and stopping everything; look at its output above.`;
      log(message);
      void stop('SIGTERM').then(() => onGiveUp(message));
      return;
    }
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, entry.quickCrashes - 1));
    const count = entry.quickCrashes > 1 ? ` (${entry.quickCrashes} quick crashes in a row)` : '';
    log(`✗ ${entry.name} ${why(code, signal)} ${after}; restarting it in ${seconds(delay)}${count}.`);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (!stopping) {
        launch(entry);
      }
    }, delay);
  }

  const running = (child) => child && child.exitCode === null && child.signalCode === null;

  /** Stops every child with `signal` (SIGKILL after stopTimeoutMs) and resolves once all have exited. */
  async function stop(signal = 'SIGTERM') {
    stopping = true;
    await Promise.all(
      entries.map((entry) => {
        clearTimeout(entry.timer);
        const { child } = entry;
        if (!running(child)) {
          return undefined;
        }
        return new Promise((resolve) => {
          const force = setTimeout(() => kill(child, 'SIGKILL'), stopTimeoutMs);
          child.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          try {
            kill(child, signal);
          } catch {
            // already gone
          }
        });
      }),
    );
  }

  return {
    /** Starts `name` now; `start(attempt)` spawns it (attempt 1, 2… for each restart). */
    add(name, start) {
      const entry = {
        name,
        start,
        attempt: 0,
        startedAt: 0,
        quickCrashes: 0,
        child: undefined,
        timer: undefined,
      };
      entries.push(entry);
      launch(entry);
    },
    stop,
    /** The live child of each name (for signals on the way out). */
    children: () => entries.map((e) => e.child).filter(running),
    get stopping() {
      return stopping;
    },
  };
}
