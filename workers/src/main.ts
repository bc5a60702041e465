import { ConfigError, loadConfig } from '@riyazi/api/config';
import { type MetricsServer, startMetricsServer } from '@riyazi/api/metrics';
import { closeQueues, createQueues } from '@riyazi/api/queue';
import { postgresLossReporter } from '@riyazi/api/connections';
import { openReadRouter } from '@riyazi/api/read-replica';
import { checkRedisDurability, createRedis, redisTargetOf } from '@riyazi/api/redis';
import { storageSettingsOf } from '@riyazi/api/storage';
import { createDb } from '@riyazi/db';
import { pino } from 'pino';
import { watchLiveness, workerHealthChecks } from './health.js';
import { type HealthServer, startHealthServer } from './health-server.js';
import { type RunningWorkers, startWorkers } from './runtime.js';

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino({ level: config.LOG_LEVEL, base: { service: 'workers', groups: config.WORKER_GROUPS } });
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: config.WORKER_DATABASE_POOL_MAX,
    applicationName: 'riyazi-workers',
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
    onConnectionError: postgresLossReporter('riyazi-workers', log),
  });
  const redis = createRedis(redisTargetOf(config), 'riyazi-workers', log);
  const queues = createQueues(redis, config.REDIS_PREFIX, log);
  const reads = openReadRouter(config, { primary: db, redis, log, name: 'riyazi-workers-read' });
  // Not awaited: a Redis that is down must not hold the start (the workers retry on their own).
  void checkRedisDurability(redis, log);
  // Handlers go in before the workers start: a SIGTERM during start-up still stops them cleanly.
  const starting = startWorkers({
    db,
    redis,
    queues,
    redisPrefix: config.REDIS_PREFIX,
    log,
    encryptionKey: config.ENCRYPTION_KEY,
    isProduction: config.isProduction,
    paymentSandboxInProduction: config.PAYMENT_SANDBOX_IN_PRODUCTION,
    publicUrl: config.PUBLIC_URL,
    storage: storageSettingsOf(config),
    // The export's run lock is a session advisory lock: a connection that keeps its session.
    databaseUrl: config.DATABASE_DIRECT_URL ?? config.DATABASE_URL,
    readDatabaseUrl: config.DATABASE_READ_URL,
    reads,
    outboxPrune: { retentionMs: config.OUTBOX_RETENTION_HOURS * 3_600_000 },
    groups: config.WORKER_GROUPS,
  });

  let running: RunningWorkers | undefined;
  let metrics: MetricsServer | undefined;
  let health: HealthServer | undefined;
  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) {
      return;
    }
    closing = true;
    log.info({ signal }, 'workers shutting down: finishing jobs in progress');
    setTimeout(() => {
      log.error('shutdown timed out; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await (await starting).close();
      await metrics?.close();
      await health?.close();
      await closeQueues(queues);
      await reads.close();
      await db.destroy();
      redis.disconnect();
      process.exit(exitCode);
    } catch (err) {
      log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  const checks = workerHealthChecks({ db, running: () => running });
  if (config.WORKER_HEALTH_PORT) {
    health = await startHealthServer({ port: config.WORKER_HEALTH_PORT, host: config.HOST, checks, log });
    log.info({ host: config.HOST, port: health.port }, 'worker health checks listening');
  }
  if (config.WORKER_EXIT_WHEN_DEAD_SECONDS) {
    // A process whose queue connection died silently exits, for its supervisor to start a fresh one.
    watchLiveness({
      live: checks.live,
      afterMs: config.WORKER_EXIT_WHEN_DEAD_SECONDS * 1000,
      onDead: (answer) => {
        log.error({ health: answer.body }, 'workers not live: exiting to be restarted');
        void shutdown('liveness', 1);
      },
    });
  }
  if (config.WORKER_METRICS_PORT) {
    metrics = await startMetricsServer({
      port: config.WORKER_METRICS_PORT,
      host: config.METRICS_HOST,
      token: config.METRICS_TOKEN,
      log,
    });
    log.info({ host: config.METRICS_HOST, port: metrics.port }, 'worker metrics listening');
  }
  running = await starting;
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
