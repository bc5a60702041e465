// Creates the database when missing (development only), migrates it, and seeds an empty one: the
// demo dataset when SEED_DEMO is on (development's default), else only the first Super Admin.
import { ConfigError, loadConfig } from '@riyazi/api/config';
import { seedDemoAlbum } from '@riyazi/api/gallery-demo';
import { createStorage } from '@riyazi/api/storage';
import { createDb, migrateToLatest } from '@riyazi/db';
import { seedDemoData, seedSuperAdmin } from '@riyazi/db/seed';
import pg from 'pg';

async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  // Heard, so a connection that ends between two statements fails the next one instead of the process.
  client.on('error', (err) => console.error(`  admin connection lost: ${err.message}`));
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      if (!/^[a-z0-9_]+$/i.test(name)) {
        throw new Error(`database name ${name} must be letters, digits and _ to be created automatically`);
      }
      await client.query(`CREATE DATABASE ${name}`);
      console.log(`  created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.isProduction) {
    await ensureDatabase(config.DATABASE_URL);
  }
  const db = createDb({ connectionString: config.DATABASE_URL, max: 2, applicationName: 'riyazi-prepare' });
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `  applied migrations: ${applied.join(', ')}` : '  schema is up to date');
    const seedOptions = {
      ...(config.SEED_ADMIN_EMAIL ? { adminEmail: config.SEED_ADMIN_EMAIL } : {}),
      ...(config.SEED_ADMIN_PASSWORD ? { adminPassword: config.SEED_ADMIN_PASSWORD } : {}),
      log: (line: string) => console.log(`  ${line}`),
    };
    if (!config.SEED_DEMO) {
      const admin = await seedSuperAdmin(db, seedOptions);
      if (admin.seeded) {
        console.log(`\n  ┌─ No demo data (SEED_DEMO=false). Sign in to the back office as Super Admin:`);
        console.log(`  │  e-mail:   ${admin.adminEmail}`);
        console.log(
          admin.generatedAdminPassword
            ? `  └─ password: ${admin.generatedAdminPassword}   (shown once: write it down)\n`
            : '  └─ password: the SEED_ADMIN_PASSWORD you set\n',
        );
      }
      return;
    }
    const seed = await seedDemoData(db, seedOptions);
    if (seed.seeded) {
      // Only with a new demo dataset: an install whose staff emptied the gallery keeps it empty.
      const album = await seedDemoAlbum(db, createStorage(config));
      if (album) {
        console.log(`  Seeded the demo album “${album.title}” with ${album.photos} photos.`);
      }
      console.log('\n  ┌─ Demo data loaded. Sign in to the back office as Super Admin:');
      console.log(`  │  e-mail:   ${seed.adminEmail}`);
      console.log(
        seed.generatedAdminPassword
          ? `  │  password: ${seed.generatedAdminPassword}   (shown once: write it down)`
          : '  │  password: the SEED_ADMIN_PASSWORD you set',
      );
      console.log(
        '  └─ Demo students sign in with the password Practice2026! (e.g. ayesha.khan@example.com)\n',
      );
    }
  } finally {
    await db.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err instanceof Error ? err.message : err);
  process.exit(1);
});
