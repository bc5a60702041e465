import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { pingDatabase } from './health.repository.js';

const CHECK_TIMEOUT_MS = 2000;

async function check(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { db, redis }) => {
  app.get(
    '/health',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      logLevel: 'warn',
      schema: {
        tags: ['health'],
        summary: 'Readiness: PostgreSQL and Redis answer, and the node is not draining',
        response: {
          200: z.object({ status: z.literal('ready'), postgres: z.literal('ok'), redis: z.literal('ok') }),
          503: z.object({
            message: z.string(),
            postgres: z.enum(['ok', 'down']),
            redis: z.enum(['ok', 'down']),
          }),
        },
      },
    },
    async (_request, reply) => {
      if (app.lifecycle.draining) {
        return reply.status(503).send({ message: 'Draining', postgres: 'ok', redis: 'ok' });
      }
      const [postgres, redisState] = await Promise.all([
        check(() => pingDatabase(db)),
        check(() => redis.ping()),
      ]);
      if (postgres === 'ok' && redisState === 'ok') {
        return { status: 'ready' as const, postgres, redis: redisState };
      }
      return reply.status(503).send({ message: 'Not ready', postgres, redis: redisState });
    },
  );
};
