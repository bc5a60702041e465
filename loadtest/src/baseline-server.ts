// The baseline of contest-day.ts: a bare Fastify route doing one INSERT and one queue add on the
// same PostgreSQL and Redis as the product, to compare the api's answer path against.
import { loadConfig } from '@riyazi/api/config';
import { createDb } from '@riyazi/db';
import { Queue } from 'bullmq';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';

const config = loadConfig(process.env);
const db = createDb({ connectionString: config.DATABASE_URL, max: config.DATABASE_POOL_MAX });
const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
const queue = new Queue('loadtest-baseline', {
  connection: redis,
  prefix: `${config.REDIS_PREFIX}:loadtest`,
  defaultJobOptions: { removeOnComplete: true, removeOnFail: true },
});
await sql`CREATE TABLE IF NOT EXISTS loadtest_baseline (id bigserial PRIMARY KEY, payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`.execute(
  db,
);
const app = Fastify({ logger: false });
app.post('/baseline', async (request) => {
  const row = await sql<{
    id: string;
  }>`INSERT INTO loadtest_baseline (payload) VALUES (${JSON.stringify(request.body)}) RETURNING id`.execute(
    db,
  );
  await queue.add('noop', { id: row.rows[0]!.id }, { jobId: `b-${row.rows[0]!.id}` });
  return { ok: true };
});
app.get('/health', async () => ({ ok: true }));
// The same accept queue as the api (api/src/server.ts), so a burst meets the same kernel limits.
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1', backlog: 65_535 });
process.stdout.write('ready\n');
const stop = async () => {
  await app.close();
  await queue.obliterate({ force: true }).catch(() => {});
  await queue.close();
  await sql`DROP TABLE IF EXISTS loadtest_baseline`.execute(db);
  await db.destroy();
  redis.disconnect();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
