import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import { openContexts } from '../client/e2e/stack.js';

const OUT = process.env.E2E_FAILURE_DIR ?? '/tmp/riyazi-e2e-failures';

/**
 * When a browser test fails, each page it left open is photographed and its trail (navigations,
 * console errors, failed requests) printed, so a failure on CI can be understood from the log.
 */
afterEach(async ({ task }) => {
  const contexts = [...openContexts.entries()];
  openContexts.clear();
  if (task.result?.state !== 'fail') {
    return;
  }
  mkdirSync(OUT, { recursive: true });
  const name = task.name.replace(/[^\w-]+/g, '-').slice(0, 80);
  for (const [i, [context, trails]] of contexts.entries()) {
    for (const [j, { page, events }] of trails.entries()) {
      if (page.isClosed()) {
        continue;
      }
      const file = path.join(OUT, `${name}-${i}-${j}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(
        [`[e2e failure] ${task.name}: page at ${page.url()} (screenshot ${file})`, ...events].join('\n  '),
      );
    }
    await context.close().catch(() => undefined);
  }
});
