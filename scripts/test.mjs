#!/usr/bin/env node
// Runs every tier in turn (unit, integration against real PostgreSQL and Redis, browser in
// Chromium), then prints one summary line. Extra arguments go to vitest (e.g. a file filter).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extra = process.argv.slice(2);
const tiers = ['unit', 'integration', 'browser'];
const out = mkdtempSync(path.join(tmpdir(), 'riyazi-tests-'));
const started = Date.now();
const totals = { passed: 0, failed: 0, skipped: 0 };
/** Why a tier failed beyond its failed tests: a file that failed outside a test, an exit code. */
const problems = [];
/** Tests that failed once and passed on their retry: timing noise, or a flake worth a look. */
const retried = [];
let exitCode = 0;

for (const tier of tiers) {
  console.log(`\n━━ ${tier} tests ━━`);
  const report = path.join(out, `${tier}.json`);
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      tier,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...extra,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' } },
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    // A file whose hook or import failed counts no failed test; name it so the cause is plain.
    for (const file of json.testResults ?? []) {
      const failedTests = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
      // CI keeps only the tail of the output: name each failed test there, and each test that
      // passed only on its retry, with the first line of what went wrong.
      for (const test of file.assertionResults ?? []) {
        const why = String(test.failureMessages?.[0] ?? '').split('\n')[0];
        const where = `${tier}: ${path.relative(root, file.name)} › ${test.fullName}: ${why}`;
        if (test.status === 'failed') {
          problems.push(where);
        } else if (test.status === 'passed' && (test.failureMessages ?? []).length > 0) {
          retried.push(where);
        }
      }
      if (file.status === 'failed' && failedTests.length === 0) {
        const message = String(file.message ?? '').split('\n')[0];
        problems.push(`${tier}: ${path.relative(root, file.name)} failed outside its tests: ${message}`);
      }
    }
  }
  if (result.status !== 0) {
    exitCode = result.status || 1;
    if (!existsSync(report)) {
      totals.failed += 1;
    }
    problems.push(
      `${tier}: vitest exited with ${result.status ?? result.signal}` +
        ' (an unhandled error is printed above, under "Unhandled Errors", when no test failed)',
    );
  }
}

rmSync(out, { recursive: true, force: true });
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\nAll tiers finished in ${seconds} s.`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
for (const problem of problems) {
  console.log(`  ${problem}`);
}
if (retried.length > 0) {
  console.log(`${retried.length} passed only on a retry:`);
  for (const test of retried) {
    console.log(`  ${test}`);
  }
}
process.exit(exitCode);
