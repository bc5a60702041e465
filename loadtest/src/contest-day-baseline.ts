// The floor contest-day.ts compares the product with: a bare Fastify route doing one INSERT and
// one queue add (baseline-server.ts) on the same PostgreSQL and Redis, in a process of its own.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { request } from './http-client.js';
import { summarize } from './stats.js';

/** Runs fn against a bare Fastify route doing one INSERT + one queue add (baseline-server.ts). */
export async function withBaseline<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // BASELINE_PORT: a port of one's own on a machine where several runs share the range.
  const port = Number(process.env.BASELINE_PORT) || 3900 + randomInt(90);
  const child = spawn(
    path.resolve(here, '../../node_modules/.bin/tsx'),
    [path.join(here, 'baseline-server.ts')],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()));
  try {
    return await fn(`http://127.0.0.1:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

const baselineRequest = (url: string) =>
  request(url, 'POST', '/baseline', null, { playId: 'x', answers: ['a'] });

/** The same closed loop against the bare route (at `url`, started by withBaseline). */
export async function baseline(url: string, vus: number, seconds: number) {
  const samples: number[] = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;
  const t0 = Date.now();
  await Promise.all(
    Array.from({ length: vus }, async () => {
      while (Date.now() < deadline) {
        const t = performance.now();
        const res = await baselineRequest(url);
        samples.push(performance.now() - t);
        if (res.status !== 200) {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (Date.now() - t0) / 1000;
  const s = summarize(samples);
  console.log(
    `\nbaseline (bare Fastify: 1 INSERT + 1 queue add), ${vus} concurrent: ${(s.count / elapsed).toFixed(0)} req/s  p50 ${s.median.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms  errors ${errors}`,
  );
  return s.count / elapsed;
}

/**
 * The start burst's floor: the same number of clients hit the bare route at the same instant, each
 * with a second request as soon as the first is answered (as a start is followed by the first
 * question). Whatever the product reaches, this machine cannot do better than this.
 */
export async function baselineBurst(count: number, connections: string) {
  return withBaseline(async (url) => {
    // All clients send at t0, so a first request's latency is also when it was answered.
    const first: number[] = [];
    let errors = 0;
    const why = new Map<string, number>();
    if (connections === 'warm') {
      // As in the product's burst: every client's connection is open before t0.
      await Promise.all(Array.from({ length: count }, () => request(url, 'GET', '/health', null)));
    }
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: count }, async () => {
        for (let k = 0; k < 2; k += 1) {
          const res = await baselineRequest(url);
          if (k === 0) {
            first.push(performance.now() - t0);
          }
          if (res.status !== 200) {
            errors += 1;
            const key = `${res.status} ${JSON.stringify(res.body).slice(0, 80)}`;
            why.set(key, (why.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    for (const [key, n] of why) {
      console.log(`  baseline error ×${n}: ${key}`);
    }
    const s = summarize(first);
    console.log(
      `\nbaseline burst (bare route, ${count} clients at once, ${connections} connections, 2 requests each): all first requests answered within ${(s.max / 1000).toFixed(1)} s (${(count / (s.max / 1000)).toFixed(0)}/s); first request p50 ${s.median.toFixed(0)} ms  p99 ${s.p99.toFixed(0)} ms; errors ${errors}`,
    );
  });
}
