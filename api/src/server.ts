import { createDb } from '@riyazi/db';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { postgresLossReporter } from './lib/connection-watch.js';
import { openReadRouter } from './lib/read-replica.js';
import { checkRedisDurability, createRequestRedis, redisTargetOf } from './lib/redis.js';
import { drain } from './lifecycle/drain.js';
import { type MetricsServer, startMetricsServer } from './metrics/metrics-server.js';
import { closeQueues, createQueues } from './queue/queues.js';

/** Past the drain's own deadline: closing the queues, the pool and Redis. */
const SHUTDOWN_SLACK_MS = 5_000;
const LISTEN_BACKLOG = 65_535;

async function main(): Promise<void> {
  const config = loadConfig();
  // Made before the app (whose logger comes with it): lost connections are logged and counted, never thrown.
  const connectionLog = pino({ level: config.LOG_LEVEL });
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: config.DATABASE_POOL_MAX,
    applicationName: 'riyazi-api',
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    onConnectionError: postgresLossReporter('riyazi-api', connectionLog),
  });
  // Requests and queue adds give up on an unreachable Redis (503) rather than wait for it.
  const redis = createRequestRedis(redisTargetOf(config), 'riyazi-api', connectionLog);
  const queues = createQueues(redis, config.REDIS_PREFIX, connectionLog);
  const reads = openReadRouter(config, { primary: db, redis, log: connectionLog, name: 'riyazi-api-read' });
  const app = await buildApp({ config, db, redis, queues, reads });
  let metrics: MetricsServer | undefined;
  // Not awaited: a Redis that is down must not hold the start (the queues retry on their own).
  void checkRedisDurability(redis, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      return;
    }
    closing = true;
    app.log.info({ signal }, 'shutting down: draining');
    const timer = setTimeout(
      () => {
        app.log.error('shutdown timed out; exiting');
        process.exit(1);
      },
      config.DRAIN_NOTICE_MS + config.DRAIN_TIMEOUT_MS + SHUTDOWN_SLACK_MS,
    );
    timer.unref();
    try {
      const inTime = await drain(app, {
        noticeMs: config.DRAIN_NOTICE_MS,
        timeoutMs: config.DRAIN_TIMEOUT_MS,
      });
      if (!inTime) {
        app.log.error(
          { timeoutMs: config.DRAIN_TIMEOUT_MS },
          'requests still running at the drain deadline were cut',
        );
      }
      await metrics?.close();
      await closeQueues(queues);
      await reads.close();
      await db.destroy();
      await redis.quit();
      app.log.info('drained; exiting');
      process.exit(inTime ? 0 : 1);
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
