// Watches the queues of a running product while a scenario runs: every --every seconds one line per
// queue with its jobs waiting, active and delayed and the jobs completed since the watch started
// (counted from BullMQ's event stream, so jobs removed on completion are counted too); on Ctrl+C
// (or after --seconds) the totals. Used to say how many integrity checks ran during contest-day.ts.
//
//   REDIS_PREFIX=… npx tsx loadtest/src/queue-watch.ts [--queues scoring,integrity] [--every 5] [--seconds 0]
import { parseArgs } from 'node:util';
import { loadConfig } from '@riyazi/api/config';
import { bullPrefix } from '@riyazi/api/queue';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';

const { values } = parseArgs({
  options: {
    queues: { type: 'string', default: 'scoring,integrity' },
    every: { type: 'string', default: '5' },
    seconds: { type: 'string', default: '0' },
  },
});
const config = loadConfig(process.env);
const names = values.queues.split(',');
const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
const prefix = bullPrefix(config.REDIS_PREFIX);
const completed = new Map(names.map((n) => [n, 0]));
const peakWaiting = new Map(names.map((n) => [n, 0]));
const queues = names.map((name) => new Queue(name, { connection, prefix }));
const events = names.map((name) => {
  const e = new QueueEvents(name, { connection: connection.duplicate(), prefix });
  e.on('completed', () => completed.set(name, (completed.get(name) ?? 0) + 1));
  return e;
});
const started = Date.now();

async function line() {
  const parts = await Promise.all(
    queues.map(async (q) => {
      const c = await q.getJobCounts('waiting', 'active', 'delayed');
      peakWaiting.set(q.name, Math.max(peakWaiting.get(q.name) ?? 0, c.waiting ?? 0));
      return `${q.name}: waiting ${c.waiting} active ${c.active} delayed ${c.delayed} completed ${completed.get(q.name)}`;
    }),
  );
  console.log(`${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ${parts.join(' | ')}`);
}

async function stop() {
  clearInterval(timer);
  await line();
  console.log('\ntotals since the watch started:');
  for (const name of names) {
    console.log(`  ${name}: ${completed.get(name)} jobs completed, at most ${peakWaiting.get(name)} waiting`);
  }
  await Promise.all([...events.map((e) => e.close()), ...queues.map((q) => q.close())]);
  connection.disconnect();
  process.exit(0);
}

await Promise.all(events.map((e) => e.waitUntilReady()));
const timer = setInterval(() => void line(), Number(values.every) * 1000);
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
if (Number(values.seconds) > 0) {
  setTimeout(() => void stop(), Number(values.seconds) * 1000);
}
