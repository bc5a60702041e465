// Ranks phases again from PostgreSQL and pushes their live boards (frozen boards stay frozen).
//
//   npm run rank:rebuild                   every phase
//   npm run rank:rebuild -- --phase <id>   one phase
import { parseArgs } from 'node:util';
import { announceCacheChanges, openCacheBus } from '@riyazi/api/cache-bus';
import { ConfigError, loadConfig } from '@riyazi/api/config';
import { publishLeaderboards, rebuildPhase } from '@riyazi/api/rankings';
import { closeSocketEmitter, createSocketEmitter } from '@riyazi/api/realtime';
import { createRedis, redisTargetOf } from '@riyazi/api/redis';
import { createDb } from '@riyazi/db';
import { pino } from 'pino';
import { findPhases, gradeTitles } from './rank-rebuild.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { phase: { type: 'string' } } });
  if (values.phase !== undefined && !UUID.test(values.phase)) {
    throw new Error(`--phase must be a phase id (a UUID), not "${values.phase}"`);
  }
  const config = loadConfig();
  const db = createDb({
    connectionString: config.DATABASE_URL,
    max: 4,
    applicationName: 'riyazi-rank-rebuild',
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  const redis = createRedis(redisTargetOf(config), 'riyazi-rank-rebuild');
  const io = createSocketEmitter(redis, config.REDIS_PREFIX);
  const cacheBus = await openCacheBus(db, redis, config.REDIS_PREFIX, pino({ level: 'warn' }));
  try {
    const phases = await findPhases(db, values.phase);
    if (values.phase !== undefined && phases.length === 0) {
      throw new Error(`No phase has the id ${values.phase}`);
    }
    const titles = await gradeTitles(db);
    for (const phase of phases) {
      const result = await rebuildPhase(db, phase.id);
      await announceCacheChanges(db, [{ cache: 'leaderboards', key: phase.id }]);
      await publishLeaderboards(
        db,
        io,
        phase.id,
        result.grades.map((g) => g.gradeId),
      );
      const students = `${result.ranked} student${result.ranked === 1 ? '' : 's'}`;
      console.log(`${phase.name} (${phase.id}): ${students} ranked in ${result.durationMs} ms`);
      for (const grade of result.grades) {
        console.log(
          `  ${(titles.get(grade.gradeId) ?? grade.gradeId).padEnd(12)} ${String(grade.rankedCount).padStart(7)} ranked  ${grade.durationMs} ms`,
        );
      }
    }
  } finally {
    await cacheBus.close();
    await closeSocketEmitter(io);
    await db.destroy();
    // quit, not disconnect: the boards just emitted are still on their way to Redis.
    await redis.quit();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError || err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
