// What one per-play integrity check (`integrity` queue, `play.check`) costs when many children share
// an address (a school behind one NAT, a carrier's shared addresses): N plays of one grade finishing
// within a minute from one address, then the check of sampled plays timed, the code before #32 (all
// the plays of the address in the window read and clustered in JS, kept below as checkBefore) and
// after (integrity.service computePlaySignals: a bounded window per origin), in turns, --runs times.
// Prints per N the time per play checked, median and range of the runs, and the ratio before/after.
// Each N in a fresh scratch database (riyazi_scoring_integrity_cost, created and migrated when missing).
//
//   npx tsx loadtest/src/integrity-cost.ts [--sizes 1,100,10000] [--runs 3] [--checks 20]
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { parseArgs } from 'node:util';
import { type Db, migrateToLatest } from '@riyazi/db';
import { sql } from 'kysely';
import { seedCrowdOnOneAddress } from '../../api/test/integrity.fixtures.js';
import { detectFastCorrect } from '../../api/src/modules/integrity/detect-fast-correct.js';
import { detectScriptedTiming } from '../../api/src/modules/integrity/detect-scripted-timing.js';
import { detectSharedOrigin } from '../../api/src/modules/integrity/detect-shared-origin.js';
import * as repo from '../../api/src/modules/integrity/integrity.repository.js';
import {
  computePlaySignals,
  currentThresholds,
  PER_PLAY_KINDS,
} from '../../api/src/modules/integrity/integrity.service.js';
import type { GradeDistribution, Signal } from '../../api/src/modules/integrity/integrity.types.js';
import { resetDatabase } from '../../test/databases.js';
import { openBenchDatabase } from './bench-database.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1,100,10000' },
    runs: { type: 'string', default: '3' },
    checks: { type: 'string', default: '20' },
  },
});
const SIZES = values.sizes.split(',').map(Number);
const RUNS = Number(values.runs);
const CHECKS = Number(values.checks);

/** The per-play check as it was before #32 (main at 4c09744), for comparison. */
async function checkBefore(db: Db, playId: string): Promise<Signal[] | null> {
  const [play] = await repo.finishedPlays(db, { playIds: [playId] });
  if (!play) {
    return null;
  }
  const t = await currentThresholds(db);
  const grade = await cachedDistribution(db, play.phaseId, play.gradeId, t.fastCorrect.percentile);
  const near =
    play.originDeviceHash || play.originIpHash
      ? await repo.originPlays(db, play.phaseId, {
          deviceHash: play.originDeviceHash,
          ipHash: play.originIpHash,
          finishedAtMs: play.finishedAtMs,
          withinMs: Math.max(t.sharedOrigin.deviceWindowMinutes, t.sharedOrigin.ipWindowMinutes) * 60_000,
        })
      : [];
  const signals = [
    detectFastCorrect(play, grade, t.fastCorrect),
    detectScriptedTiming(play, t.scriptedTiming),
    ...detectSharedOrigin(near, t.sharedOrigin).filter((s) => s.playId === playId),
  ].filter((s): s is Signal => s !== null);
  const place = (s: Signal) => ({ ...s, phaseId: play.phaseId, gradeId: play.gradeId });
  await repo.replaceSignals(db, { playId, kinds: PER_PLAY_KINDS }, signals.map(place));
  return signals;
}

// As the service does: the grade's distribution read once a minute, not per check.
const distributions = new Map<string, GradeDistribution>();
async function cachedDistribution(db: Db, phaseId: string, gradeId: string, low: number) {
  const key = `${phaseId}|${gradeId}|${low}`;
  let found = distributions.get(key);
  if (!found) {
    const rows = await repo.gradeDistribution(db, phaseId, gradeId, low);
    found = new Map(rows.map((row) => [row.questionId, row])) as GradeDistribution;
    distributions.set(key, found);
  }
  return found;
}

/** Milliseconds per play for `check` over `playIds`. */
async function timePerPlay(playIds: string[], check: (id: string) => Promise<unknown>) {
  const started = performance.now();
  for (const id of playIds) {
    await check(id);
  }
  return (performance.now() - started) / playIds.length;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
const cell = (xs: number[]) => `${fmt(median(xs))} ms (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`;

async function main() {
  const db = await openBenchDatabase(4, 'riyazi_scoring_integrity_cost');
  const rows: string[] = [];
  try {
    await migrateToLatest(db);
    for (const size of SIZES) {
      await resetDatabase(db);
      distributions.clear();
      const crowd = await seedCrowdOnOneAddress(db, size, 60_000);
      await sql`ANALYZE`.execute(db);
      // Plays spread over the crowd (its middle is where the old check read the most).
      const step = Math.max(1, Math.floor(size / CHECKS));
      const sample = crowd.playIds.filter((_, i) => i % step === Math.floor(step / 2)).slice(0, CHECKS);
      // Warm both paths (caches, plans) before timing.
      await checkBefore(db, sample[0]!);
      await computePlaySignals(db, sample[0]!);
      const before: number[] = [];
      const after: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // The old check at 10,000 takes seconds a play: a few plays are enough to time it.
        before.push(
          await timePerPlay(size >= 5000 ? sample.slice(0, 3) : sample, (id) => checkBefore(db, id)),
        );
        after.push(await timePerPlay(sample, (id) => computePlaySignals(db, id)));
      }
      const ratios = before.map((b, i) => b / (after[i] as number));
      rows.push(
        `| ${size.toLocaleString('en')} | ${sample.length} | ${cell(before)} | ${cell(after)} | ${median(ratios).toFixed(1)}× (${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}) |`,
      );
      console.log(rows.at(-1));
    }
  } finally {
    await db.destroy();
  }
  console.log(`\nPer play checked, median (range) of ${RUNS} runs:\n`);
  console.log('| plays on one address | plays checked | before (#32) | after | before / after |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) {
    console.log(row);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
