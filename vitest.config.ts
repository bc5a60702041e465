import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './test/test-worker.js';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            '{db,api,workers,client,loadtest}/src/**/*.test.{ts,tsx}',
            'client/build/**/*.test.ts',
            'scripts/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{db,api,workers}/{src,test}/**/*.int.test.ts'],
          globalSetup: ['test/global-setup.ts'],
          setupFiles: ['test/worker-env.ts'],
          // Real processes, sockets and timers on a busy two-core machine: one retry absorbs timing
          // noise, and scripts/test.mjs names every test that needed it, so a flake stays visible.
          retry: 1,
          testTimeout: 20_000,
          hookTimeout: 60_000,
          // Each worker has its own database and Redis prefix (test/test-worker.ts).
          maxWorkers: TEST_WORKERS,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['client/e2e/**/*.e2e.test.ts'],
          globalSetup: ['test/global-setup.ts', 'test/browser-setup.ts'],
          setupFiles: ['test/worker-env.ts', 'test/browser-failure.ts'],
          // A real browser on a busy two-core machine: one retry absorbs timing noise; the failed
          // try still prints its screenshot and trail ([e2e failure]) so flakes stay visible.
          retry: 1,
          testTimeout: 60_000,
          // expect.poll waits up to 10 s (vitest's default is 1 s): a page that renders its options
          // a few seconds late on a loaded machine is slow, not wrong.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          // Two files at a time, each worker with its own stack, database and Redis prefix.
          maxWorkers: TEST_WORKERS,
        },
      },
    ],
  },
});
