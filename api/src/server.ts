import { createDb } from '@riyazi/db';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { createRedis } from './lib/redis.js';
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server.js';
import { closeQueues, createQueues } from './queue/queues.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;
const LISTEN_BACKLOG = 65_535;

async function main(): Promise<void> {
  const config = loadConfig();
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_MAX,
    applicationName: 'riyazi-api',
  });
  const redis = createRedis(config.REDIS_URL, 'riyazi-api');
  const queues = createQueues(redis, config.REDIS_PREFIX);
  const app = await buildApp({ config, db, redis, queues });
  let metrics: MetricsServer | undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await metrics?.close();
      await closeQueues(queues);
      await db.destroy();
      redis.disconnect();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  // Contest day opens thousands of connections in the same second: a short accept queue drops
  // their SYNs and each retry waits 1, 3, 7… s. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  if (config.METRICS_PORT) {
    metrics = await startMetricsServer({
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      token: config.METRICS_TOKEN,
      log: app.log,
    });
    app.log.info({ host: config.METRICS_HOST, port: metrics.port }, 'metrics listening');
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('api failed to start:', err);
  }
  process.exit(1);
});
