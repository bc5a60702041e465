// Setup file of the integration and browser projects: whatever reads DATABASE_URL or REDIS_PREFIX
// from the environment (child processes included) gets this worker's, never the template's.
import { testDatabaseUrl, testRedisPrefix } from './test-worker.js';

process.env.DATABASE_URL = testDatabaseUrl();
process.env.REDIS_PREFIX = testRedisPrefix();
