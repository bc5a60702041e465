import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, useTestContext } from '../../test/helpers.js';
import { startPaymentReconciliation } from './payment-reconciliation.js';

const t = useTestContext();
const INTERVAL_MS = 2000;

interface Pass {
  node: string;
  startedAt: number;
}

let passes: Pass[];
let running: { stop(): Promise<void> }[];

/**
 * A worker node's reconciliation schedule; its passes are recorded (then `during` runs) instead of
 * asking gateways.
 */
function startNode(node: string, intervalMs = INTERVAL_MS, during?: () => Promise<void>) {
  const started = startPaymentReconciliation(
    {
      db: t.db,
      redis: t.redis,
      queues: t.queues,
      log: pino({ level: 'silent' }),
      config: t.config,
      reconcile: async () => {
        passes.push({ node, startedAt: Date.now() });
        await during?.();
        return { asked: 0, expired: 0, released: 0 };
      },
    },
    intervalMs,
  );
  running.push(started);
  return started;
}

async function waitForPasses(count: number, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (passes.length < count) {
    if (Date.now() > deadline) {
      throw new Error(`only ${passes.length} of ${count} passes`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

const gaps = () => passes.slice(1).map((p, i) => p.startedAt - (passes[i] as Pass).startedAt);

beforeEach(async () => {
  passes = [];
  running = [];
  await deleteRedisKeys(t.redis, `${t.config.REDIS_PREFIX}:lock:payment-reconciliation`);
});

afterEach(async () => {
  await Promise.all(running.map((r) => r.stop()));
});

describe('payment reconciliation schedule', () => {
  it('runs a pass once per interval, starting one interval after start', async () => {
    const startedAt = Date.now();
    startNode('a');
    await waitForPasses(3);
    expect((passes[0] as Pass).startedAt - startedAt).toBeGreaterThanOrEqual(INTERVAL_MS - 50);
    for (const gap of gaps()) {
      expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 150);
    }
    // The lock outlives the pass for (almost) the interval, so a late node cannot repeat it.
    const ttl = await t.redis.pttl(`${t.config.REDIS_PREFIX}:lock:payment-reconciliation`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(INTERVAL_MS - 100);
  });

  it('two worker nodes never both run a pass in the same interval', async () => {
    startNode('a');
    startNode('b');
    await waitForPasses(4);
    // Without the lock each tick would run twice, a few milliseconds apart.
    for (const gap of gaps()) {
      expect(gap).toBeGreaterThanOrEqual(INTERVAL_MS - 150);
    }
  });

  it('a pass longer than the interval is not overlapped by the next tick of the same node', async () => {
    let inFlight = 0;
    let most = 0;
    startNode('slow', 1000, async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2500));
      inFlight -= 1;
    });
    await waitForPasses(2);
    expect(most).toBe(1);
    expect(gaps()[0]).toBeGreaterThanOrEqual(2500);
  });
});
