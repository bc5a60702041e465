#!/usr/bin/env node
// The long fuzz run: every API operation × --runs generated inputs (default 2000), against its own
// test database and Redis prefix. Prints operations × inputs, the 5xx count and any problem found;
// exits non-zero when one is found. `--seed N` replays a run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '2000' }, seed: { type: 'string' } },
});
for (const [name, value] of Object.entries(values)) {
  if (value !== undefined && !/^\d+$/.test(value)) {
    console.error(`--${name} must be a whole number (got ${value})`);
    process.exit(2);
  }
}

const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'api/test/fuzz.int.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: values.runs, ...(values.seed ? { FUZZ_SEED: values.seed } : {}) },
});
process.exit(result.status ?? 1);
