import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { enableDefaultMetrics, registry } from './metrics.js';

export interface MetricsServerOptions {
  port: number;
  host: string;
  /** When set, a scrape must send `Authorization: Bearer <token>`. */
  token?: string | undefined;
  log: { warn(obj: object, msg: string): void };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) {
    return true;
  }
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Prometheus text on a listener of its own (never the public port): GET /metrics only, behind the
 * optional bearer token.
 */
export async function startMetricsServer(options: MetricsServerOptions): Promise<MetricsServer> {
  enableDefaultMetrics();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      send(res, 404, JSON.stringify({ message: 'Not found' }));
      return;
    }
    if (!authorized(req.headers.authorization, options.token)) {
      res.setHeader('www-authenticate', 'Bearer');
      send(res, 401, JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    try {
      send(res, 200, await registry.metrics(), registry.contentType);
    } catch (err) {
      options.log.warn({ err }, 'metrics collection failed');
      send(res, 503, JSON.stringify({ message: 'Metrics unavailable' }));
    }
  };
  return listenInternal(handle, options.port, options.host);
}

/**
 * A small internal HTTP listener (metrics, the workers' probes) on port/host; resolves once it
 * listens (port 0: the port chosen); close() drops open keep-alive connections too.
 */
export async function listenInternal(
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
