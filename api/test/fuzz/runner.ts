import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { deleteRedisKeys } from '../../../test/helpers-redis.js';
import type { ChangeWatcher } from './change-log.js';
import type { FuzzRequest } from './operations.js';

export interface Finding {
  operation: string;
  problem: string;
  kind: string;
  request: string;
  status: number;
  response: string;
}

export interface FuzzTally {
  operations: number;
  requests: number;
  serverErrors: number;
  problems: number;
  byStatus: Record<number, number>;
  /** Seconds spent per operation, to find the slow ones. */
  seconds: Record<string, number>;
  findings: Finding[];
}

export interface FuzzTarget {
  app: FastifyInstance;
  /** The application_name of the app's database connections, which the change watcher reports by. */
  appName: string;
  changes: ChangeWatcher;
  redis: Redis;
  /** Rate-limit keys are cleared after a 429, so a limit does not hide the rest of the run. */
  rateLimitPrefix: string;
}

/** Long text as its head and tail (where a body's last fields are). */
const clip = (text: string, max = 300) =>
  text.length > max ? `${text.slice(0, max - 100)}…(${text.length} chars)…${text.slice(-100)}` : text;

function describeRequest(req: FuzzRequest): string {
  const payload = req.payload === undefined ? '' : ` ${clip(JSON.stringify(req.payload.toString()), 400)}`;
  return `${req.method} ${clip(req.url, 300)} [${req.headers['content-type'] ?? '-'}]${payload}`;
}

/**
 * What is wrong with a response, if anything: a 5xx, or a 4xx without { message } or that changed
 * data. A page a browser posts to (the sandbox checkout) answers its 4xx as a page.
 */
function problemOf(
  status: number,
  contentType: string,
  body: string,
  changed: string[],
  isPage: boolean,
): string | null {
  if (status >= 500) {
    return `answered ${status}`;
  }
  if (status < 400) {
    return null;
  }
  let message: unknown;
  try {
    message = contentType.includes('application/json')
      ? (JSON.parse(body) as { message?: unknown }).message
      : undefined;
  } catch {
    message = undefined;
  }
  if (typeof message !== 'string' && !(isPage && contentType.startsWith('text/html'))) {
    return `answered ${status} without a JSON { message }`;
  }
  return changed.length > 0 ? `answered ${status} but changed ${changed.join(', ')}` : null;
}

export function newTally(): FuzzTally {
  return {
    operations: 0,
    requests: 0,
    serverErrors: 0,
    problems: 0,
    byStatus: {},
    seconds: {},
    findings: [],
  };
}

/**
 * Sends `runs` generated requests for one operation and records every problem (the property holds
 * for each request; all of them run, so the tally counts every 5xx, not only the first).
 */
export async function fuzzOperation(
  target: FuzzTarget,
  operation: string,
  requests: fc.Arbitrary<FuzzRequest>,
  options: { runs: number; seed: number; isPage?: boolean },
  tally: FuzzTally,
): Promise<void> {
  tally.operations += 1;
  let reported = 0;
  let drained = false;
  const property = fc.asyncProperty(requests, async (req) => {
    // After a 4xx the watcher already waited for every notification; otherwise wait now.
    if (!drained) {
      await target.changes.drain(target.appName);
    }
    const res = await target.app.inject({
      method: req.method as 'GET',
      url: req.url,
      headers: req.headers,
      ...(req.payload === undefined ? {} : { payload: req.payload }),
    });
    const isClientError = res.statusCode >= 400 && res.statusCode < 500;
    const changed = isClientError ? await target.changes.changes(target.appName) : [];
    drained = isClientError && changed.length === 0;
    tally.requests += 1;
    tally.byStatus[res.statusCode] = (tally.byStatus[res.statusCode] ?? 0) + 1;
    if (res.statusCode >= 500) {
      tally.serverErrors += 1;
    }
    if (res.statusCode === 429) {
      await deleteRedisKeys(target.redis, target.rateLimitPrefix);
    }
    const contentType = String(res.headers['content-type'] ?? '');
    const problem = problemOf(res.statusCode, contentType, res.body, changed, options.isPage === true);
    if (problem) {
      tally.problems += 1;
    }
    // A few findings per operation are enough to see the pattern; the tally counts them all.
    if (problem && reported < 3) {
      reported += 1;
      tally.findings.push({
        operation,
        problem,
        kind: req.kind,
        request: describeRequest(req),
        status: res.statusCode,
        response: clip(res.body, 200),
      });
    }
  });
  const started = performance.now();
  await fc.assert(property, { numRuns: options.runs, seed: options.seed, endOnFailure: true });
  tally.seconds[operation] = (performance.now() - started) / 1000;
}

export function summary(tally: FuzzTally, runs: number, seconds: number, seed: number): string {
  const statuses = Object.entries(tally.byStatus)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  const slowest = Object.entries(tally.seconds)
    .sort((a, b) => b[1] - a[1])
    .slice(0, process.env.FUZZ_VERBOSE ? undefined : 5)
    .map(([name, s]) => `${name} ${s.toFixed(1)} s`)
    .join(', ');
  return (
    `fuzz: ${tally.operations} operations × ${runs} inputs = ${tally.requests} requests in ${seconds.toFixed(0)} s ` +
    `(seed ${seed}); 5xx: ${tally.serverErrors}; problems: ${tally.problems}\n  statuses: ${statuses}\n  slowest: ${slowest}`
  );
}
