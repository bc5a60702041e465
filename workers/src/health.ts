import type { Db } from '@riyazi/db';
import type { HealthAnswer, HealthChecks } from './health-server.js';
import { pingDatabase } from './health.repository.js';
import { DEFAULT_HEARTBEAT, type Liveness } from './heartbeat.js';

const POSTGRES_WAIT_MS = 2_000;

/** What the probes need of the running workers (runtime.ts). */
export interface Probed {
  liveness(): Liveness;
  readonly beaten: boolean;
}

async function postgresAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), POSTGRES_WAIT_MS);
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Live: the heartbeat went through BullMQ within staleAfterMs and every Worker runs (a process still
 * starting gets staleAfterMs too). Ready: live, one beat done, and PostgreSQL answers.
 */
export function workerHealthChecks(deps: {
  db: Db;
  running: () => Probed | undefined;
  staleAfterMs?: number;
  now?: () => number;
}): HealthChecks {
  const now = deps.now ?? Date.now;
  const startedAt = now();
  const staleAfterMs = deps.staleAfterMs ?? DEFAULT_HEARTBEAT.staleAfterMs;
  const live = (): HealthAnswer => {
    const running = deps.running();
    if (!running) {
      const seconds = Math.round((now() - startedAt) / 1000);
      return now() - startedAt > staleAfterMs
        ? { ok: false, body: { status: 'starting', message: `Workers not started after ${seconds} s` } }
        : { ok: true, body: { status: 'ok', starting: true } };
    }
    const state = running.liveness();
    return state.live
      ? { ok: true, body: { status: 'ok', lastHeartbeatMsAgo: state.lastBeatMsAgo } }
      : { ok: false, body: { status: state.status, message: state.message } };
  };
  return {
    live,
    async ready() {
      const running = deps.running();
      const liveness = live();
      if (!liveness.ok) {
        return liveness;
      }
      if (!running?.beaten) {
        return { ok: false, body: { status: 'starting', message: 'No heartbeat processed yet' } };
      }
      if (!(await postgresAnswers(deps.db))) {
        return { ok: false, body: { status: 'postgres-down', message: 'PostgreSQL does not answer' } };
      }
      return { ok: true, body: { ...liveness.body, status: 'ready', postgres: 'ok' } };
    },
  };
}

/**
 * Calls onDead once `live` has failed without a break for afterMs (checked every everyMs): the
 * workers process then exits, so whatever runs it (npm start's supervisor, compose's restart policy,
 * systemd) starts a fresh one. Docker only marks an unhealthy container; this is what restarts it
 * there. Returns the stop function.
 */
export function watchLiveness(deps: {
  live: () => HealthAnswer;
  afterMs: number;
  everyMs?: number;
  now?: () => number;
  onDead: (answer: HealthAnswer) => void;
}): () => void {
  const now = deps.now ?? Date.now;
  let failingSince: number | undefined;
  const timer = setInterval(() => {
    const answer = deps.live();
    if (answer.ok) {
      failingSince = undefined;
      return;
    }
    failingSince ??= now();
    if (now() - failingSince >= deps.afterMs) {
      clearInterval(timer);
      deps.onDead(answer);
    }
  }, deps.everyMs ?? 5_000);
  timer.unref();
  return () => clearInterval(timer);
}
