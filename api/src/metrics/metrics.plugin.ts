import type { Db } from '@riyazi/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Queues } from '../queue/queues.js';
import { httpDuration } from './metrics.js';
import { watchPool, watchQueues, watchSockets } from './sources.js';

export interface MetricsPluginOptions {
  db: Db;
  queues: Queues;
}

type Labels = { route: string; method: string; status_class: string };

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'];
/** Requests no route matched (scanners, typos) share one label: raw URLs would be unbounded. */
const UNMATCHED = 'unmatched';

/**
 * One labels object per route, method and status class, made once: the hot path allocates nothing
 * of its own per request (prom-client still builds its hash key).
 */
function labelCache() {
  const byRoute = new Map<string, Map<string, Labels[]>>();
  return (route: string, method: string, statusCode: number): Labels => {
    let byMethod = byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      byRoute.set(route, byMethod);
    }
    let byClass = byMethod.get(method);
    if (byClass === undefined) {
      byClass = STATUS_CLASSES.map((status_class) => ({ route, method, status_class }));
      byMethod.set(method, byClass);
    }
    const index = Math.min(Math.max(Math.floor(statusCode / 100) - 1, 0), 4);
    return byClass[index]!;
  };
}

/** HTTP durations per route pattern, and this app's queues, pool and sockets for the scrape. */
async function metricsPlugin(app: FastifyInstance, { db, queues }: MetricsPluginOptions) {
  const labels = labelCache();
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    httpDuration.observe(labels(route, request.method, reply.statusCode), reply.elapsedTime / 1000);
    done();
  });
  const unwatch = [watchQueues(Object.values(queues)), watchPool(db)];
  app.addHook('onReady', async () => {
    if (app.hasDecorator('io')) {
      unwatch.push(watchSockets(app.io));
    }
  });
  app.addHook('onClose', async () => {
    for (const stop of unwatch) {
      stop();
    }
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
