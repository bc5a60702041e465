// What routing a read costs (README "Read replica"): a trivial statement read N times in a row,
// straight on a pool (the baseline), through the router without a replica, and through the router
// to a "replica" (a second pool on the same database, so only the routing differs) naming no table
// and naming three marked tables (one Redis MGET each). Three runs, the ways interleaved in rounds;
// per-read medians, each way's ratio to the baseline of its own run, then their median and range.
//   npx tsx loadtest/src/read-routing-cost.ts [--reads 2000]
import { createReadRouter, primaryReads } from '@riyazi/api/read-replica';
import { createDb, type Db } from '@riyazi/db';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { redisUrl } from './bench-database.js';
import { summarize } from './stats.js';

const readsArg = process.argv.indexOf('--reads');
const READS = readsArg > 0 ? Number(process.argv[readsArg + 1]) : 2000;
const RUNS = 3;
const url = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const statement = (db: Db) => sql`SELECT 1`.execute(db);

const ROUNDS = 10;

/** Per-read medians (µs) of every way, measured in interleaved rounds so load drifts hit all alike. */
async function perRead(ways: Record<string, () => Promise<unknown>>): Promise<Record<string, number>> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
  for (const read of Object.values(ways)) {
    for (let i = 0; i < 100; i += 1) {
      await read();
    }
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, read] of Object.entries(ways)) {
      for (let i = 0; i < READS / ROUNDS; i += 1) {
        const started = process.hrtime.bigint();
        await read();
        samples[name]?.push(Number(process.hrtime.bigint() - started) / 1000);
      }
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([name, list]) => [name, summarize(list).median]));
}

async function main() {
  const primary = createDb({ connectionString: url, max: 2, applicationName: 'riyazi-bench-primary' });
  const replica = createDb({ connectionString: url, max: 2, applicationName: 'riyazi-bench-replica' });
  const redis = new Redis(redisUrl);
  const router = createReadRouter({
    primary,
    replica,
    redis,
    redisPrefix: `riyazi-read-bench-${process.pid}`,
    toleranceMs: 1000,
    maxLagMs: 30_000,
  });
  const none = primaryReads(primary);
  try {
    const health = await router.probe();
    if (!health.usable) {
      throw new Error(`the stand-in replica is not usable: ${health.reason}`);
    }
    const ways = {
      'router, no replica': () => none.read([], statement),
      'router → replica, no table': () => router.read([], statement, { method: 'GET' }),
      'router → replica, 3 tables (MGET)': () =>
        router.read(['board_freezes', 'public_display_settings', 'phases'], statement, { method: 'GET' }),
    };
    const ratios: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
    for (let run = 1; run <= RUNS; run += 1) {
      const medians = await perRead({ pool: () => statement(primary), ...ways });
      const base = medians.pool ?? Number.NaN;
      const line = [`run ${run}: pool ${base.toFixed(0)} µs`];
      for (const name of Object.keys(ways)) {
        const us = medians[name] ?? Number.NaN;
        ratios[name]?.push(us / base);
        line.push(`${name} ${us.toFixed(0)} µs (×${(us / base).toFixed(2)})`);
      }
      console.log(line.join(' · '));
    }
    for (const [name, list] of Object.entries(ratios)) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${name}: ×${(sorted[1] ?? Number.NaN).toFixed(2)} of a read straight on the pool (range ×${(sorted[0] ?? Number.NaN).toFixed(2)}–×${(sorted.at(-1) ?? Number.NaN).toFixed(2)}), ${READS} sequential reads per run`,
      );
    }
  } finally {
    await router.close();
    await primary.destroy();
    await replica.destroy();
    redis.disconnect();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
