import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../../test/test-worker.js';
import { codegenArgs } from '../src/cli/codegen.js';

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('database schema', () => {
  it('matches the committed Database types (run npm run db:codegen after a migration)', async () => {
    const { stdout, stderr } = await run('npx', codegenArgs(['--verify']), {
      cwd: root,
      env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
    });
    expect(`${stdout}${stderr}`).toMatch(/up-to-date/);
  }, 60_000);

  it('migrate exits non-zero when it cannot apply migrations', async () => {
    const failure = await run('npx', ['tsx', 'db/src/cli/migrate.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/riyazi_no_such_database' },
    }).catch((err: { code: number; stderr: string }) => err);
    expect('code' in failure ? failure.code : 0).not.toBe(0);
  }, 60_000);
});
