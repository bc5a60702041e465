export {
  answersReceived,
  connectionErrors,
  jobsCompleted,
  jobsFailed,
  outboxPruned,
  playStarts,
  registry,
  scoreLag,
} from './metrics.js';
export { listenInternal, type MetricsServer, startMetricsServer } from './metrics-server.js';
export { watchPool, watchQueues } from './sources.js';
