// How far the integrity defaults are from flagging honest children, beyond the one population the
// test checks: api/test/integrity-phase.int.test.ts seeds 1,000 simulated honest plays with seed 21
// (plus a copied sheet, a too-fast play, a script and four accounts on one tablet) and requires no
// honest play flagged and every planted one found. This runs the same simulation with --seeds other
// seeds, each in a fresh scratch database (riyazi_bench_integrity, created and migrated when missing),
// through the function the workers' phase.run calls, and prints per seed the honest plays flagged by
// kind and which planted plays were found; then the totals.
//
//   npx tsx loadtest/src/integrity-margin.ts [--seeds 20] [--first 1] [--overrides '{"copiedAnswers":{"maxChanceLog10":-7}}']
//
// --overrides stores threshold overrides first (as PUT /api/admin/integrity/settings does), to see
// what a change would trade.
//
// ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) names the server.
import { parseArgs } from 'node:util';
import { SIGNAL_KINDS, type SignalKind } from '@riyazi/api/contracts';
import { runPhaseSignals } from '@riyazi/api/integrity';
import { migrateToLatest } from '@riyazi/db';
import { seedSimulatedPhase } from '../../api/test/integrity.fixtures.js';
import { resetDatabase } from '../../test/databases.js';
import { openBenchDatabase } from './bench-database.js';

const { values } = parseArgs({
  options: {
    seeds: { type: 'string', default: '20' },
    first: { type: 'string', default: '1' },
    overrides: { type: 'string', default: '{}' },
  },
});
const SEEDS = Number(values.seeds);
const FIRST = Number(values.first);

async function main() {
  const db = await openBenchDatabase(4, 'riyazi_bench_integrity');
  const falseFlags = Object.fromEntries(SIGNAL_KINDS.map((k) => [k, 0])) as Record<SignalKind, number>;
  let missed = 0;
  let honestPlays = 0;
  try {
    await migrateToLatest(db);
    for (let seed = FIRST; seed < FIRST + SEEDS; seed += 1) {
      await resetDatabase(db);
      const seeded = await seedSimulatedPhase(db, seed);
      await db
        .insertInto('integritySettings')
        .values({ id: 1, thresholds: values.overrides, updatedAt: new Date() })
        .execute();
      const started = performance.now();
      await runPhaseSignals(db, seeded.phaseId, async () => undefined);
      const ms = performance.now() - started;
      const signals = await db
        .selectFrom('integritySignals')
        .select(['playId', 'kind', 'strength'])
        .execute();
      const has = (playId: string, kind: SignalKind) =>
        signals.some((s) => s.playId === playId && s.kind === kind);
      // The copy's source is honest but copied from: flagged with its copy, as it should be.
      const honest = new Set(seeded.honest.map((p) => p.id).filter((id) => id !== seeded.copy.source));
      honestPlays += honest.size;
      const flagged = signals.filter((s) => honest.has(s.playId));
      for (const s of flagged) {
        falseFlags[s.kind as SignalKind] += 1;
      }
      const planted = {
        copy: has(seeded.copy.copy, 'COPIED_ANSWERS') && has(seeded.copy.source, 'COPIED_ANSWERS'),
        fast: has(seeded.fast, 'FAST_CORRECT'),
        script: has(seeded.scripted, 'SCRIPTED_TIMING'),
        tablet: seeded.sharedDevice.every((id) => has(id, 'SHARED_ORIGIN')),
      };
      const notFound = Object.entries(planted).filter(([, found]) => !found);
      missed += notFound.length;
      console.log(
        `seed ${seed}: honest flagged ${flagged.length}${flagged.length > 0 ? ` (${flagged.map((s) => `${s.kind} ${Number(s.strength).toFixed(2)}`).join(', ')})` : ''}; ` +
          `planted found ${4 - notFound.length}/4${notFound.length > 0 ? ` (missed: ${notFound.map(([k]) => k).join(', ')})` : ''}; run ${(ms / 1000).toFixed(1)} s`,
      );
    }
    console.log(`\noverrides ${values.overrides}`);
    const total = Object.values(falseFlags).reduce((a, b) => a + b, 0);
    console.log(
      `${SEEDS} seeds, ${honestPlays} honest plays: ${total} flagged (${SIGNAL_KINDS.map((k) => `${k} ${falseFlags[k]}`).join(', ')}); ` +
        `planted missed ${missed} of ${SEEDS * 4}`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
