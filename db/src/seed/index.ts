import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../connection.js';
import { hashPassword } from '../passwords.js';
import { DEFAULT_ADMIN_EMAIL, DEMO_STUDENT_PASSWORD, STUDENTS, SUPER_ADMIN_ROLE } from './reference.js';
import { writeDemoData } from './write.js';

export interface SeedOptions {
  adminEmail?: string;
  adminPassword?: string;
  log?: (line: string) => void;
}

export interface SeedResult {
  seeded: boolean;
  adminEmail: string | null;
  generatedAdminPassword: string | null;
  counts: Record<string, number>;
}

const MIN_ADMIN_PASSWORD_LENGTH = 10; // same floor as SEED_ADMIN_PASSWORD in api/src/config.ts

/** True when there are no grades and no staff users, i.e. nobody has set the platform up yet. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const { rows } = await sql<{ empty: boolean }>`
    SELECT NOT EXISTS (SELECT 1 FROM grades) AND NOT EXISTS (SELECT 1 FROM staff_users) AS empty
  `.execute(db);
  return rows[0]?.empty === true;
}

const skipped = (): SeedResult => ({
  seeded: false,
  adminEmail: null,
  generatedAdminPassword: null,
  counts: {},
});

function checkedAdminPassword(options: SeedOptions): { generated: string | null } {
  if (options.adminPassword !== undefined && options.adminPassword.length < MIN_ADMIN_PASSWORD_LENGTH) {
    throw new Error(`The admin password must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters long.`);
  }
  return { generated: options.adminPassword === undefined ? randomBytes(18).toString('base64url') : null };
}

/**
 * Without the demo (SEED_DEMO=false, production's default): only the first Super Admin, when there
 * is no staff user yet, so someone can sign in and set the platform up. No students, no content.
 */
export async function seedSuperAdmin(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const { generated } = checkedAdminPassword(options);
  const adminEmail = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const passwordHash = await hashPassword(options.adminPassword ?? generated ?? '');
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('riyazi.seed-demo-data'))`.execute(trx);
    if (await trx.selectFrom('staffUsers').select('id').limit(1).executeTakeFirst()) {
      return false;
    }
    const role =
      (await trx
        .selectFrom('staffRoles')
        .select('id')
        .where('isSuperAdmin', '=', true)
        .orderBy('createdAt')
        .limit(1)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('staffRoles')
        .values({ name: SUPER_ADMIN_ROLE, isSuperAdmin: true })
        .returning('id')
        .executeTakeFirstOrThrow());
    await trx
      .insertInto('staffUsers')
      .values({ email: adminEmail, username: 'Admin', passwordHash, roleId: role.id })
      .execute();
    return true;
  });
  if (!created) {
    log('Database already has staff users: no Super Admin created.');
    return skipped();
  }
  log(`Super Admin: ${adminEmail} (no demo data: SEED_DEMO is off)`);
  return { seeded: true, adminEmail, generatedAdminPassword: generated, counts: { staffUsers: 1 } };
}

/**
 * Fills an empty database with the demo dataset and the first Super Admin, all in one transaction.
 * Does nothing when the database already has grades or staff users.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  if (!(await isDatabaseEmpty(db))) {
    log('Database already has grades or staff users: demo data not seeded.');
    return skipped();
  }
  const generatedAdminPassword = checkedAdminPassword(options).generated;
  const adminEmail = options.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  // Hashing is slow, so it happens before the transaction opens.
  const [adminPasswordHash, ...studentPasswordHashes] = await Promise.all([
    hashPassword(options.adminPassword ?? generatedAdminPassword ?? ''),
    ...STUDENTS.map(() => hashPassword(DEMO_STUDENT_PASSWORD)),
  ]);

  const counts = await db.transaction().execute(async (trx) => {
    // Two processes seeding at once (api start-up and the CLI): the second waits, then sees data.
    await sql`SELECT pg_advisory_xact_lock(hashtext('riyazi.seed-demo-data'))`.execute(trx);
    if (!(await isDatabaseEmpty(trx))) {
      return null;
    }
    return writeDemoData(trx, {
      now: new Date(),
      adminEmail,
      adminPasswordHash: adminPasswordHash ?? '',
      studentPasswordHashes,
    });
  });
  if (!counts) {
    log('Database was seeded by another process meanwhile: demo data not seeded.');
    return skipped();
  }

  for (const [table, count] of Object.entries(counts)) {
    log(`Seeded ${count} ${table.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}.`);
  }
  log(`Super Admin: ${adminEmail}`);
  return { seeded: true, adminEmail, generatedAdminPassword, counts };
}
