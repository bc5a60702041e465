import type { IncomingMessage, ServerResponse } from 'node:http';
import { listenInternal } from '@riyazi/api/metrics';

/** What a probe is told: 200 with status ok/ready, or 503 with a status and a message. */
export type HealthAnswer =
  | { ok: true; body: { status: 'ok' | 'ready' } & Record<string, unknown> }
  | { ok: false; body: { status: string; message: string } & Record<string, unknown> };

export interface HealthChecks {
  live(): HealthAnswer;
  ready(): Promise<HealthAnswer>;
}

export interface HealthServer {
  port: number;
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: object): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The workers' probes on a listener of their own (config WORKER_HEALTH_PORT): GET /health/live and
 * GET /health/ready. They say whether jobs still go through, nothing about jobs or students.
 */
export async function startHealthServer(options: {
  port: number;
  host: string;
  checks: HealthChecks;
  log: { warn(obj: object, msg: string): void };
}): Promise<HealthServer> {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(res, 405, { message: 'Method not allowed' });
      return;
    }
    try {
      const answer =
        path === '/health/live'
          ? options.checks.live()
          : path === '/health/ready'
            ? await options.checks.ready()
            : null;
      if (!answer) {
        send(res, 404, { message: 'Not found' });
        return;
      }
      send(res, answer.ok ? 200 : 503, answer.body);
    } catch (err) {
      options.log.warn({ err }, 'health check failed');
      send(res, 503, { status: 'error', message: 'Health check failed' });
    }
  };
  return listenInternal(handle, options.port, options.host);
}
