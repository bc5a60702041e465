export { createDb, type Database, type Db, type DbOptions, poolOf, prepared } from './connection.js';
export type * from './database.generated.js';
export { MigrationError, migrateToLatest } from './migrate.js';
export { hashPassword, verifyPassword } from './passwords.js';
