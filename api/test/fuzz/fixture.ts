import { afterAll, beforeAll } from 'vitest';
import { resetDatabase, type TestContext } from '../../../test/helpers.js';
import { ChangeWatcher, installChangeLog, removeChangeLog } from './change-log.js';
import { type FuzzWorld, seedFuzzWorld } from './seed.js';

export interface FuzzFixture {
  /** The seeded rows, files and signed-in actors (from the file's beforeAll on). */
  world: FuzzWorld;
  /** Every committed write, by connection name. */
  changes: ChangeWatcher;
}

/**
 * The fuzz world for a test file: the database emptied and seeded, the change log installed and
 * watched before its tests; all of it removed after them.
 */
export function useFuzzWorld(t: TestContext): FuzzFixture {
  const fixture = {} as FuzzFixture;
  beforeAll(async () => {
    await resetDatabase(t.db);
    fixture.world = await seedFuzzWorld(t.app, t.db, {
      redis: t.redis,
      rateLimitPrefix: `${t.config.REDIS_PREFIX}:rl`,
    });
    await installChangeLog(t.db);
    fixture.changes = await ChangeWatcher.start(t.config.DATABASE_URL);
  }, 120_000);
  afterAll(async () => {
    await fixture.changes?.stop();
    await removeChangeLog(t.db);
    await resetDatabase(t.db);
  });
  return fixture;
}
