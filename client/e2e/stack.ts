import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { type Browser, type BrowserContext, chromium } from 'playwright-core';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { type RunningWorkers, startWorkers } from '../../workers/src/runtime.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

export interface Stack extends TestContext {
  baseUrl: string;
  browser: Browser;
  workers: RunningWorkers;
  newContext(options?: { width?: number; height?: number }): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** The real api (serving the built client) and workers on the test database, plus Chromium. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const ctx = await createTestContext({ CLIENT_DIST: clientDist, ...env });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  const workers = await startWorkers({
    db: ctx.db,
    redis: ctx.redis,
    queues: ctx.queues,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: pino({ level: 'silent' }),
    encryptionKey: ctx.config.ENCRYPTION_KEY,
    isProduction: false,
    relay: { graceMs: 1000, intervalMs: 500, batchSize: 100 },
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    ...ctx,
    baseUrl,
    browser,
    workers,
    newContext: ({ width = 1280, height = 800 } = {}) =>
      browser.newContext({ baseURL: baseUrl, viewport: { width, height } }),
    async stop() {
      await browser.close();
      await workers.close();
      await ctx.close();
    },
  };
}
