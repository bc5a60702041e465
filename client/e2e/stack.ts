import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { announceCacheChanges, CACHE_NAMES, everything } from '@riyazi/api/cache-bus';
import { storageSettingsOf } from '@riyazi/api/storage';
import { pino } from 'pino';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { seedDemoData } from '../../db/src/seed/index.js';
import {
  createTestContext,
  deleteRedisKeys,
  resetDatabase,
  seededPhaseId,
  setFlags,
  type TestContext,
} from '../../test/helpers.js';
import { freePort } from '../../test/processes.js';
import { type RunningWorkers, startWorkers } from '../../workers/src/runtime.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

export interface ContextOptions {
  width?: number;
  height?: number;
  /**
   * 'block' unless a test is about the service worker: a worker would hide requests from
   * page.route and could serve one test's cached files to the next.
   */
  serviceWorkers?: 'allow' | 'block';
  /** The browser's time zone (an IANA name); the machine's unless told. */
  timezoneId?: string;
}

export interface Stack extends TestContext {
  baseUrl: string;
  browser: Browser;
  workers: RunningWorkers;
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  stop(): Promise<void>;
}

/** What a page did that helps explain a failed test: its console errors and failed requests. */
export interface PageTrail {
  page: Page;
  events: string[];
}

/** Contexts the running test opened and has not closed, with each page's trail. */
export const openContexts = new Map<BrowserContext, PageTrail[]>();

const TRAIL_LENGTH = 30;

function watchContext(context: BrowserContext): BrowserContext {
  const trails: PageTrail[] = [];
  openContexts.set(context, trails);
  context.on('close', () => openContexts.delete(context));
  context.on('page', (page) => {
    const trail: PageTrail = { page, events: [] };
    trails.push(trail);
    const note = (line: string) => {
      trail.events.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
      trail.events.splice(0, Math.max(0, trail.events.length - TRAIL_LENGTH));
    };
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        note(`console.${message.type()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => note(`page error: ${error.message}`));
    page.on('requestfailed', (request) => note(`request failed: ${request.method()} ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) {
        note(`${response.status()} ${response.request().method()} ${response.url()}`);
      }
    });
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) {
        note(`navigated to ${frame.url()}`);
      }
    });
  });
  return context;
}

/** The real api (serving the built client) and workers on the test database, plus Chromium. */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  // The port is chosen first so PUBLIC_URL (links in e-mails, gateway return URLs) names this server.
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const ctx = await createTestContext({ CLIENT_DIST: clientDist, PUBLIC_URL: baseUrl, ...env });
  await ctx.app.listen({ port, host: '127.0.0.1' });
  const workers = await startWorkers({
    db: ctx.db,
    redis: ctx.redis,
    queues: ctx.queues,
    redisPrefix: ctx.config.REDIS_PREFIX,
    log: pino({ level: 'silent' }),
    encryptionKey: ctx.config.ENCRYPTION_KEY,
    isProduction: false,
    storage: storageSettingsOf(ctx.config),
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
    newContext: async ({ width = 1280, height = 800, serviceWorkers = 'block', timezoneId } = {}) =>
      watchContext(
        await browser.newContext({
          baseURL: baseUrl,
          viewport: { width, height },
          serviceWorkers,
          ...(timezoneId === undefined ? {} : { timezoneId }),
        }),
      ),
    async stop() {
      await browser.close();
      await workers.close();
      await ctx.close();
    },
  };
}

/** The back-office Super Admin the demo data creates (see setupSeededStack). */
export const DEMO_ADMIN = { email: 'admin@riyazi.test', password: 'Admin-password-2026' } as const;

export interface StackHolder {
  /** The running stack (available from the file's beforeAll on). */
  readonly stack: Stack;
}

/**
 * One stack for the test file (started before its tests, stopped after them); before each test
 * the database is emptied, rate-limit keys are cleared and `seed` (when given) runs; `env` overrides
 * the api's settings (e.g. CLIENT_DIST).
 */
export function setupStack(
  seed?: (stack: Stack) => Promise<unknown>,
  env: Record<string, string> = {},
): StackHolder {
  let current: Stack | undefined;
  const holder: StackHolder = {
    get stack() {
      if (current === undefined) {
        throw new Error('the stack is not started yet: read holder.stack inside hooks and tests');
      }
      return current;
    },
  };
  beforeAll(async () => {
    current = await startStack(env);
  });
  afterAll(async () => {
    await current?.stop();
  });
  beforeEach(async () => {
    const stack = holder.stack;
    await resetDatabase(stack.db);
    await deleteRedisKeys(stack.redis, `${stack.config.REDIS_PREFIX}:rl`);
    await seed?.(stack);
    // New data under the same ids: no node may serve what it cached of the last test's (boards,
    // pools, questions), as after any change staff make.
    await announceCacheChanges(stack.db, everything(...CACHE_NAMES));
  });
  return holder;
}

/** Seeds the demo data; DEMO_ADMIN can then sign in. */
export const seedDemo = (stack: Stack) =>
  seedDemoData(stack.db, { adminEmail: DEMO_ADMIN.email, adminPassword: DEMO_ADMIN.password });

/** setupStack with the demo data seeded before each test. */
export const setupSeededStack = (): StackHolder => setupStack(seedDemo);

/**
 * Opens the demo's phase-1 contest to every student (no document or permission needed) and gives
 * each demo student two attempts; `flags` adds to the flags set.
 */
export async function openDemoContest(stack: Stack, flags: Record<string, unknown> = {}): Promise<void> {
  const phaseId = await seededPhaseId(stack.db, 1);
  await setFlags(stack.db, {
    isContestQuizEnabled: true,
    contestQuizPhase: phaseId,
    documentAcceptanceRequired: false,
    contestPermissionRequired: false,
    ...flags,
  });
  await stack.db.updateTable('students').set({ contestAttempts: 2 }).execute();
}

/** openDemoContest, with the practice quizzes of the same phase open too. */
export async function openDemoContestAndPractice(stack: Stack): Promise<void> {
  const phaseId = await seededPhaseId(stack.db, 1);
  await openDemoContest(stack, { isPracticeQuizEnabled: true, practiceQuizPhase: phaseId });
}
