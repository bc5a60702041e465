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
export { type MetricsServer, startMetricsServer } from './metrics-server.js';
export { watchPool, watchQueues } from './sources.js';
