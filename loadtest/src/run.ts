// Node runner of the k6 scenarios, for machines without k6:
//   npx tsx loadtest/src/run.ts --scenario public-read --vus 200 --duration 20 --base http://localhost:3000
import { parseArgs } from 'node:util';
import { scenarios } from './scenarios.js';
import { summarize } from './stats.js';

const { values } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'public-read' },
    vus: { type: 'string', default: '100' },
    duration: { type: 'string', default: '15' },
    base: { type: 'string', default: process.env.BASE_URL ?? 'http://localhost:3000' },
  },
});

const steps = scenarios[values.scenario];
if (!steps) {
  console.error(`unknown scenario ${values.scenario}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
const vus = Number(values.vus);
const deadline = Date.now() + Number(values.duration) * 1000;
const latencies = new Map<string, number[]>(steps.map((s) => [s.name, []]));
let failures = 0;
let iterations = 0;

async function virtualUser(): Promise<void> {
  while (Date.now() < deadline) {
    for (const step of steps ?? []) {
      const started = performance.now();
      try {
        const res = await fetch(`${values.base}${step.path}`, { method: step.method });
        await res.arrayBuffer();
        if (res.status !== step.expectStatus) {
          failures += 1;
        }
      } catch {
        failures += 1;
      }
      latencies.get(step.name)?.push(performance.now() - started);
    }
    iterations += 1;
  }
}

const started = Date.now();
await Promise.all(Array.from({ length: vus }, () => virtualUser()));
const seconds = (Date.now() - started) / 1000;
console.log(
  `scenario ${values.scenario}: ${vus} virtual users for ${seconds.toFixed(1)} s, ${iterations} iterations`,
);
for (const [name, samples] of latencies) {
  const s = summarize(samples);
  console.log(
    `  ${name.padEnd(14)} n=${s.count}  median ${s.median.toFixed(1)} ms  p95 ${s.p95.toFixed(1)} ms  p99 ${s.p99.toFixed(1)} ms  (${(s.count / seconds).toFixed(0)} req/s)`,
  );
}
console.log(`  failures: ${failures}`);
process.exitCode = failures > 0 ? 1 : 0;
