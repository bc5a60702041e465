import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearerToken } from '../../auth/tokens.js';
import { servedOverHttps } from '../../config.js';
import type { AppContext } from '../../context.js';
import { QUEUE_NAMES } from '../../contracts/jobs.js';
import { QUEUE_PURPOSES } from '../../contracts/queues.js';
import { writeAudit } from '../../lib/audit.js';
import { BOARD_COOKIE, BOARD_PREFIX, boardAction, boardGuard } from './queue-board.guard.js';

const READ = { permission: { module: 'queues', action: 'read' } } as const;

const count = z.number().int().nonnegative();
const queueSummaryList = z.object({
  data: z.array(
    z.object({
      name: z.enum(QUEUE_NAMES),
      purpose: z.string(),
      waiting: count,
      active: count,
      delayed: count,
      failed: count,
    }),
  ),
});

/**
 * POST /api/admin/queues-session: the admin client calls it with its bearer token, then opens the
 * board in a new tab. The cookie carries that same short-lived access token, only to the board's
 * path, so the board needs no sign-in of its own and ends with the staff session.
 * GET /api/admin/queues-summary: each queue's counts, for the back office's queue page.
 */
export const queueBoardSessionRoutes: FastifyPluginAsyncZod<AppContext> = async (app, { config, queues }) => {
  app.post(
    '/admin/queues-session',
    {
      config: READ,
      schema: {
        tags: ['queues'],
        summary: 'Open the job queues board (sets its cookie)',
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request, reply) => {
      reply.setCookie(BOARD_COOKIE, bearerToken(request.headers.authorization) ?? '', {
        path: BOARD_PREFIX,
        httpOnly: true,
        secure: servedOverHttps(config),
        sameSite: 'strict',
        maxAge: config.JWT_ACCESS_TTL_SECONDS,
      });
      return { url: `${BOARD_PREFIX}/` };
    },
  );

  app.get(
    '/admin/queues-summary',
    {
      config: READ,
      schema: {
        tags: ['queues'],
        summary: 'Jobs waiting, running, delayed and failed in each queue',
        response: { 200: queueSummaryList },
      },
    },
    async () => ({
      data: await Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const counts = await queues[name].getJobCounts('waiting', 'active', 'delayed', 'failed');
          return {
            name,
            purpose: QUEUE_PURPOSES[name],
            waiting: counts.waiting ?? 0,
            active: counts.active ?? 0,
            delayed: counts.delayed ?? 0,
            failed: counts.failed ?? 0,
          };
        }),
      ),
    }),
  );
};

/** Each change made on the board, after it succeeded: who, which queue or job, what. */
function auditChanges(app: FastifyInstance, { db }: AppContext) {
  app.addHook('onResponse', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 400 || !request.staff) {
      return;
    }
    const params = request.params as { queueName?: string; jobId?: string; queueStatus?: string };
    try {
      await writeAudit(db, {
        actorType: 'staff',
        actorId: request.staff.id,
        action: 'queues.change',
        targetType: params.jobId ? 'job' : 'queue',
        targetId: params.jobId ? `${params.queueName}/${params.jobId}` : params.queueName,
        ip: request.ip,
        details: { route: boardAction(request), status: params.queueStatus ?? null },
      });
    } catch (err) {
      request.log.error({ err }, 'queue board audit failed');
    }
  });
}

/** Bull Board at /api/admin/queues, for staff holding queues:read (changes: queues:update). */
export const queueBoard =
  (ctx: AppContext): FastifyPluginAsync =>
  async (app) => {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(BOARD_PREFIX);
    createBullBoard({
      queues: Object.values(ctx.queues).map((queue) => new BullMQAdapter(queue)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Riyazi queues' } },
    });
    app.addHook(
      'onRequest',
      boardGuard({ tokens: ctx.tokens, liveSessions: app.liveSessions, allowedOrigins: ctx.allowedOrigins }),
    );
    auditChanges(app, ctx);
    await app.register(serverAdapter.registerPlugin());
  };
