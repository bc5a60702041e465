// What a phone downloads and how fast the pages come up: serves the built client through the real
// api (bundled as `npm start` runs it, on a database and Redis prefix of its own, the demo data
// seeded and a contest opened, every question with maths), then with Chromium measures JS+CSS bytes
// on the wire for a cold `/` and a cold contest question screen (and the same screen on a browser
// without MathML, which typesets with KaTeX), first contentful paint at 1.6 Mbps / 150 ms, and Lighthouse
// mobile (median of 3) on `/`, `/login` and `/dashboard` (signed in). Builds nothing: run
// `npm run build` first.
//
//   npm run budgets -w loadtest            # or: npx tsx loadtest/src/web-budgets.ts --runs 3
//
// Prints a table and the budget verdicts; exits 1 when a budget is missed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import lighthouse from 'lighthouse';
import { type BrowserContext, chromium } from 'playwright-core';
import { stopChild } from './bundled-process.js';
import { openContest } from './contest-fixtures.js';
import { bundleServer, migrateAndSeed, ownResources, repoRoot, untilReady } from './own-stack.js';
import { deleteRedisPrefix, freePort } from './run-resources.js';
import {
  coldPage,
  contestQuestionColdLoad,
  DEMO_STUDENT,
  homeFirstLoad,
  kb,
  signIn,
  slowNetworkPaint,
  startContest,
  type Transfer,
} from './web-budgets-pages.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    chromium: { type: 'string', default: process.env.CHROMIUM ?? '/usr/bin/chromium' },
    // Skip Lighthouse (bytes and paint only): a quicker check while splitting code.
    'no-lighthouse': { type: 'boolean', default: false },
    // Print every file of the measured loads with its bytes.
    verbose: { type: 'boolean', default: false },
    // Write each Lighthouse report (JSON) into this folder, to read what it found.
    'reports-dir': { type: 'string' },
    // Lighthouse's CPU slowdown (its mobile default is 4). Lighthouse does not calibrate it to the
    // host: on a machine with a lower benchmark index, try 6 to see what a slower day scores.
    'cpu-slowdown': { type: 'string', default: '4' },
  },
});

export const BUDGETS = {
  homeJsCssBytes: 120 * 1024,
  contestQuestionJsCssBytes: 160 * 1024,
  performance: 90,
  accessibility: 100,
} as const;

const clientDist = path.join(repoRoot, 'client/dist');
const own = ownResources('budgets', values['admin-url']);
const runs = Number(values.runs);
const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The four category scores, and the two metrics that move performance most (ms). */
type Scores = Record<(typeof CATEGORIES)[number] | 'tbt' | 'lcp', number>;
/** Lighthouse's own CPU benchmark of each run: low values mean a busy machine and pessimistic scores. */
const benchmarkIndexes: number[] = [];

/** Lighthouse mobile (its default: simulated slow 4G, 4× CPU slowdown, a small phone's screen). */
async function lighthouseScores(url: string, port: number, keepSession: boolean): Promise<Scores> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    output: 'json',
    onlyCategories: [...CATEGORIES],
    // Signed-in pages keep the cookie and storage; the cache is emptied before each run instead.
    disableStorageReset: keepSession,
    throttling: { cpuSlowdownMultiplier: Number(values['cpu-slowdown']) },
  });
  if (!result) {
    throw new Error(`Lighthouse returned nothing for ${url}`);
  }
  const reportsDir = values['reports-dir'];
  if (reportsDir !== undefined) {
    mkdirSync(reportsDir, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || '_'}-${Date.now()}.json`;
    writeFileSync(path.join(reportsDir, name), JSON.stringify(result.lhr));
  }
  const { categories, runtimeError, environment, audits } = result.lhr;
  benchmarkIndexes.push(environment.benchmarkIndex);
  if (runtimeError) {
    throw new Error(`Lighthouse on ${url}: ${runtimeError.code} ${runtimeError.message}`);
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    tbt: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
    lcp: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): such a run is taken again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) {
        throw error;
      }
      console.warn(`  retrying: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function medianLighthouse(
  context: BrowserContext,
  url: string,
  port: number,
  keepSession: boolean,
): Promise<Scores> {
  const all: Scores[] = [];
  for (let i = 0; i < runs; i += 1) {
    if (keepSession) {
      const { page, cdp } = await coldPage(context);
      await cdp.detach();
      await page.close();
    }
    all.push(await withRetries(() => lighthouseScores(url, port, keepSession)));
  }
  return Object.fromEntries(
    [...CATEGORIES, 'tbt', 'lcp'].map((c) => [c, median(all.map((s) => s[c as keyof Scores]))]),
  ) as Scores;
}

interface Verdict {
  what: string;
  figure: string;
  budget: string;
  ok: boolean;
}

async function measure(base: string) {
  const debugPort = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'riyazi-budgets-chromium-'));
  // One persistent profile, so Lighthouse's tabs (over the debugging port) share the sign-in.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: values.chromium,
    headless: true,
    viewport: { width: 360, height: 740 },
    args: [
      `--remote-debugging-port=${debugPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const homeLoads: Transfer[] = [];
    const paints: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      homeLoads.push(await homeFirstLoad(context, base, values.verbose));
      paints.push(await slowNetworkPaint(context, `${base}/`));
    }
    const home = homeLoads[0]!;
    const scores = new Map<string, Scores>();
    if (!values['no-lighthouse']) {
      for (const page of ['/', '/login']) {
        console.log(`→ Lighthouse ${page} ×${runs}`);
        scores.set(page, await medianLighthouse(context, `${base}${page}`, debugPort, false));
      }
    }
    const student = await signIn(context, base);
    const questionUrl = await startContest(student);
    await student.close();
    const contest = await contestQuestionColdLoad(context, questionUrl, values.verbose);
    const contestWithoutMathMl = await contestQuestionColdLoad(context, questionUrl, values.verbose, true);
    if (!values['no-lighthouse']) {
      console.log(`→ Lighthouse /dashboard (signed in) ×${runs}`);
      scores.set('/dashboard', await medianLighthouse(context, `${base}/dashboard`, debugPort, true));
    }
    return { home, contest, contestWithoutMathMl, fcp: median(paints), paints, scores };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

function report({
  home,
  contest,
  contestWithoutMathMl,
  fcp,
  paints,
  scores,
}: Awaited<ReturnType<typeof measure>>): Verdict[] {
  // JS+CSS counts everything the page loads until the network is idle, its live updates included.
  console.log('\nfirst load, cold cache, compressed bytes on the wire (bodies + headers):');
  console.log('| page | JS+CSS | of which KaTeX | all bytes | requests |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const [name, t] of [
    ['`/`', home],
    ['contest question screen, maths as MathML', contest],
    ['the same on a browser without MathML', contestWithoutMathMl],
  ] as const) {
    console.log(`| ${name} | ${kb(t.jsCss)} | ${kb(t.katex)} | ${kb(t.total)} | ${t.requests} |`);
  }
  console.log(
    `\nfirst contentful paint of \`/\` at 1.6 Mbps / 150 ms RTT, cold: median ${Math.round(fcp)} ms (${paints.map((p) => Math.round(p)).join(', ')})`,
  );
  const verdicts: Verdict[] = [
    {
      what: '`/` JS+CSS',
      figure: kb(home.jsCss),
      budget: `≤ ${kb(BUDGETS.homeJsCssBytes)}`,
      ok: home.jsCss <= BUDGETS.homeJsCssBytes,
    },
    {
      what: 'contest question JS+CSS, with maths',
      figure: kb(contest.jsCss),
      budget: `≤ ${kb(BUDGETS.contestQuestionJsCssBytes)}`,
      ok: contest.jsCss <= BUDGETS.contestQuestionJsCssBytes,
    },
  ];
  if (scores.size > 0) {
    console.log(
      `\nLighthouse mobile, ${values['cpu-slowdown']}× CPU slowdown, median of ${runs} (CPU benchmark index per run: ${benchmarkIndexes.map(Math.round).join(', ')}):`,
    );
    console.log('| page | performance | total blocking time | LCP | accessibility | best practices | SEO |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    for (const [page, s] of scores) {
      console.log(
        `| \`${page}\` | ${s.performance} | ${s.tbt} ms | ${s.lcp} ms | ${s.accessibility} | ${s['best-practices']} | ${s.seo} |`,
      );
      verdicts.push(
        {
          what: `${page} performance`,
          figure: String(s.performance),
          budget: `≥ ${BUDGETS.performance}`,
          ok: s.performance >= BUDGETS.performance,
        },
        {
          what: `${page} accessibility`,
          figure: String(s.accessibility),
          budget: `≥ ${BUDGETS.accessibility}`,
          ok: s.accessibility >= BUDGETS.accessibility,
        },
      );
    }
  }
  console.log('\nbudgets:');
  for (const v of verdicts) {
    console.log(`  ${v.ok ? 'PASS' : 'FAIL'}  ${v.what}: ${v.figure} (budget ${v.budget})`);
  }
  return verdicts;
}

async function main() {
  if (!existsSync(path.join(clientDist, 'index.html'))) {
    throw new Error('client/dist/index.html is missing: run `npm run build` first');
  }
  bundleServer('the api');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'riyazi-budgets-'));
  const db = await own.createDatabase(2);
  let api: ChildProcess | null = null;
  try {
    await migrateAndSeed(db, `budgets-${own.run}-Admin!`);
    await openContest(db, `Grade ${DEMO_STUDENT.grade}`);
    await sql`UPDATE students SET contest_attempts = 10`.execute(db);
    // The worst case: whichever question comes first has an inline and a display formula.
    await sql`UPDATE questions SET question_html = question_html ||
      '<p><span class="math-inline">\\frac{3}{4} + x^2</span></p><div class="math-block">\\sqrt{a^2+b^2}</div>'`.execute(
      db,
    );

    api = spawn(process.execPath, ['api/dist/server.mjs'], {
      cwd: repoRoot,
      env: own.env({ PORT: String(port), PUBLIC_URL: base, UPLOAD_DIR: uploadDir }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await untilReady(base, { child: api });
    console.log(`→ measuring ${base} (database ${own.dbName}), ${runs} runs`);
    const verdicts = report(await measure(base));
    process.exitCode = verdicts.every((v) => v.ok) ? 0 : 1;
  } finally {
    await stopChild(api);
    await db.destroy();
    await own.dropDatabase();
    await deleteRedisPrefix(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', own.redisPrefix);
    rmSync(uploadDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
