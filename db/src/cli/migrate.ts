import { createDb } from '../connection.js';
import { migrateToLatest } from '../migrate.js';
import { databaseUrlFromEnv } from './env.js';

const db = createDb({ connectionString: databaseUrlFromEnv(), max: 1, applicationName: 'riyazi-migrate' });
try {
  const applied = await migrateToLatest(db);
  console.log(
    applied.length ? `Applied migrations: ${applied.join(', ')}` : 'Database schema is up to date.',
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
