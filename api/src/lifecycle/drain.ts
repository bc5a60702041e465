import type { FastifyInstance } from 'fastify';
import { afterCommitSettled } from './after-commit.js';

export interface DrainOptions {
  /** How long readiness answers 503 while the node still serves (the balancer's detection time). */
  noticeMs: number;
  /** How long requests in flight (and their after-commit work) get once the node stops accepting. */
  timeoutMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A graceful stop: report not ready, wait out the notice, then stop accepting connections, close
 * every Socket.IO connection (clients reconnect, through the balancer, to another node) and let the
 * requests in flight finish. True when everything finished within the deadline; false when the
 * remaining connections had to be cut.
 */
export async function drain(app: FastifyInstance, { noticeMs, timeoutMs }: DrainOptions): Promise<boolean> {
  app.lifecycle.draining = true;
  if (noticeMs > 0) {
    await sleep(noticeMs);
  }
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const finished = (async () => {
    await app.close();
    await afterCommitSettled();
    return true as const;
  })();
  const inTime = await Promise.race([finished, deadline]);
  clearTimeout(timer);
  if (!inTime) {
    app.server.closeAllConnections();
  }
  return inTime;
}
