import { createDb } from '../connection.js';
import { seedDemoData } from '../seed/index.js';
import { databaseUrlFromEnv } from './env.js';

const db = createDb({ connectionString: databaseUrlFromEnv(), max: 1, applicationName: 'riyazi-seed' });
try {
  const result = await seedDemoData(db, {
    adminEmail: process.env.SEED_ADMIN_EMAIL || undefined,
    adminPassword: process.env.SEED_ADMIN_PASSWORD || undefined,
    log: (line) => console.log(line),
  });
  if (result.seeded && result.generatedAdminPassword) {
    console.log(`Generated Super Admin password (shown only once): ${result.generatedAdminPassword}`);
  }
} catch (err) {
  console.error(`Seeding failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
