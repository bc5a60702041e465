import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { poolCounts, queueDepths, queueOldestWaiting, socketCounts } from './sources.js';

/**
 * One registry per process (the api or the workers): the metric names are the contract with the
 * Grafana dashboard (ops/grafana/contest-day.json) and the README.
 */
export const registry = new Registry();

export const playStarts = new Counter({
  name: 'riyazi_play_starts_total',
  help: 'Plays started (a resumed play is not counted), by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const answersReceived = new Counter({
  name: 'riyazi_answers_received_total',
  help: 'Answers recorded and acknowledged to the student, by kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const scoreLag = new Histogram({
  name: 'riyazi_answer_score_lag_seconds',
  help: 'From an answer acknowledged (answered_at) to its score committed by the scoring worker',
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  registers: [registry],
});

export const jobsFailed = new Counter({
  name: 'riyazi_jobs_failed_total',
  help: 'BullMQ job attempts that failed in this worker process, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const jobsCompleted = new Counter({
  name: 'riyazi_jobs_completed_total',
  help: 'BullMQ jobs completed in this worker process, by queue',
  labelNames: ['queue'] as const,
  registers: [registry],
});

export const outboxPruned = new Counter({
  name: 'riyazi_outbox_pruned_total',
  help: 'Outbox events deleted by the workers once enqueued longer ago than OUTBOX_RETENTION_HOURS',
  registers: [registry],
});

export const connectionErrors = new Counter({
  name: 'riyazi_connection_errors_total',
  help: 'PostgreSQL connections that ended or broke under this process, and Redis connections dropped (each reconnection attempt), by kind and connection name',
  labelNames: ['kind', 'connection'] as const,
  registers: [registry],
});

export const requestsUnavailable = new Counter({
  name: 'riyazi_requests_unavailable_total',
  help: 'Requests answered 503 to be sent again because PostgreSQL or Redis could not be reached (a connection lost mid-request, no pool connection in time)',
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'riyazi_http_request_duration_seconds',
  help: 'HTTP request duration by route pattern, method and status class',
  labelNames: ['route', 'method', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const socketRefusals = new Counter({
  name: 'riyazi_socketio_refused_total',
  help: 'Socket.IO connections, events and joins refused by the realtime limits, by reason',
  labelNames: ['reason'] as const,
  registers: [registry],
});

export const replicaReads = new Counter({
  name: 'riyazi_db_reads_total',
  help: 'Reads that may use the read replica (boards, reports, exports), by where they went and why the primary when it was',
  labelNames: ['source', 'reason'] as const,
  registers: [registry],
});

export const replicaLag = new Gauge({
  name: 'riyazi_db_replica_lag_seconds',
  help: "The read replica's lag behind the primary as last probed (every second); -1 when unknown or unreachable",
  registers: [registry],
});

// The gauges below are read on scrape, from the sources this process registered (sources.ts).

new Gauge({
  name: 'riyazi_queue_jobs',
  help: 'BullMQ jobs per queue and state (waiting, active, delayed, failed), read on scrape',
  labelNames: ['queue', 'state'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const { queue, state, count } of await queueDepths()) {
      this.set({ queue, state }, count);
    }
  },
});

new Gauge({
  name: 'riyazi_queue_oldest_waiting_seconds',
  help: 'How long the oldest job waiting to start has waited, per queue (0: none waiting), read on scrape',
  labelNames: ['queue'] as const,
  registers: [registry],
  async collect() {
    this.reset();
    for (const { queue, seconds } of await queueOldestWaiting()) {
      this.set({ queue }, seconds);
    }
  },
});

new Gauge({
  name: 'riyazi_socketio_connected',
  help: 'Socket.IO clients connected to this api process',
  registers: [registry],
  collect() {
    this.set(socketCounts());
  },
});

const poolGauge = (name: string, help: string, key: 'total' | 'idle' | 'waiting') =>
  new Gauge({
    name,
    help,
    labelNames: ['pool'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const counts of poolCounts()) {
        this.set({ pool: counts.pool }, counts[key]);
      }
    },
  });
poolGauge('riyazi_pg_pool_total', 'PostgreSQL pool connections open', 'total');
poolGauge('riyazi_pg_pool_idle', 'PostgreSQL pool connections idle', 'idle');
poolGauge('riyazi_pg_pool_waiting', 'Queries waiting for a PostgreSQL pool connection', 'waiting');

let defaultsOn = false;
/** Process metrics (CPU, memory, GC, event-loop lag…): once per process, when a listener starts. */
export function enableDefaultMetrics(): void {
  if (!defaultsOn) {
    defaultsOn = true;
    collectDefaultMetrics({ register: registry });
  }
}
